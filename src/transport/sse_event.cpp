// Server-Sent Events on the wire (WHATWG HTML 9.2.6 "Interpreting an event stream").
#include <string>

#include "sparqlmcp/transport/http_server.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::transport {

namespace {

// A field value ends at CR or LF (9.2.6: lines end with CRLF, LF or CR), so one inside `event`
// or `id` would start a new field the sender never meant.
void check_single_line(std::string_view field, std::string_view value) {
  if (value.find_first_of("\r\n") != std::string_view::npos)
    throw_error(ErrorKind::InvalidArgument,
                "the SSE " + std::string(field) + " field cannot hold CR or LF");
}

}  // namespace

std::string format_sse_event(const SseEvent& event) {
  check_single_line("event", event.event);
  check_single_line("id", event.id);
  // 9.2.6: "If the field value does not contain U+0000 NULL, then set the last event ID
  // buffer": an id with NUL would be ignored by the client.
  if (event.id.find('\0') != std::string::npos)
    throw_error(ErrorKind::InvalidArgument, "the SSE id field cannot hold NUL");
  std::string out;
  out.reserve(event.data.size() + event.event.size() + event.id.size() + 32);
  if (!event.event.empty()) out.append("event: ").append(event.event).append("\n");
  if (!event.id.empty()) out.append("id: ").append(event.id).append("\n");
  if (event.retry) out.append("retry: ").append(std::to_string(event.retry->count())).append("\n");
  // Each line of the data becomes one `data:` field; the client joins them with LF, so CRLF and
  // CR in the data arrive as LF. An empty data still sends one empty field: the event is
  // dispatched only when its data buffer was touched.
  std::size_t start = 0;
  const std::string& data = event.data;
  while (true) {
    std::size_t end = data.find_first_of("\r\n", start);
    out.append("data: ").append(data, start, end == std::string::npos ? end : end - start);
    out.push_back('\n');
    if (end == std::string::npos) break;
    start = end + (data[end] == '\r' && end + 1 < data.size() && data[end + 1] == '\n' ? 2 : 1);
  }
  out.push_back('\n');
  return out;
}

}  // namespace sparqlmcp::transport
