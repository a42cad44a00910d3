#pragma once
// MCP over HTTP: the HttpHandler that serves an mcp::Server with
// Streamable HTTP on `/mcp`, in both eras, and with the HTTP+SSE transport of 2024-11-05
// (`GET /sse` sends an `endpoint` event naming `POST /messages?sessionId=ID`; every message of
// the session then arrives on the stream as a `message` event; the stream closing ends it).
// - 2026-07-28 (a request whose params._meta declares the version): POST only, no session; the
//   mirrored headers are checked against the body (-32020 HeaderMismatch, 400); each request is
//   answered with one JSON object, or with an SSE stream when it has progress or log
//   notifications to send first; a client that closes the stream cancels the request.
// - 2025-03-26 to 2025-11-25: `initialize` opens a session whose cryptographically random id
//   comes back in Mcp-Session-Id; every later POST must carry it (400 without, 404 when unknown
//   or expired); DELETE ends it; sessions idle longer than `session_idle` expire.
// Everywhere: 406 when Accept does not list application/json and text/event-stream, 415 when
// the body is not application/json, 202 for notifications, 405 for other methods.
//
// Legacy streams are resumable: GET with Last-Event-ID replays the rest of a stream, and a lost
// connection does not cancel its request. Not yet: a standalone GET server stream (405, as the
// revisions allow).
// When the HttpServer stops, calls run on until its stop timeout; then every call still running
// (all three transports) is cancelled and answered that the server is stopping, within half
// the cancel grace (on_stop_cancel; docs/mcp.md "Stopping").

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>

#include "sparqlmcp/mcp/server.hpp"
#include "sparqlmcp/transport/http_server.hpp"

namespace sparqlmcp::transport {

struct McpHttpOptions {
  std::string path = "/mcp";
  std::string sse_path = "/sse";            // HTTP+SSE: GET opens a session's event stream
  std::string messages_path = "/messages";  // HTTP+SSE: POST ?sessionId=ID sends to it
  std::chrono::seconds session_idle{1800};  // a legacy session unused this long expires
  std::size_t max_sessions = 256;           // legacy and HTTP+SSE sessions at once; beyond: 503
  std::chrono::seconds retry_after{5};      // of that 503
};

// `server` must outlive the handler.
std::unique_ptr<HttpHandler> make_mcp_http_handler(mcp::Server& server, McpHttpOptions options);

}  // namespace sparqlmcp::transport
