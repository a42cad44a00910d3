#pragma once
// A blocking HTTP/1.1 client on a plain socket, for what libcurl will not send: malformed
// requests, pipelined requests, missing Host fields, a client that stops reading or hangs up.
// Reads give up after 30 s (SO_RCVTIMEO) so a broken server fails a test instead of hanging it;
// no test relies on that time.

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <string>
#include <string_view>

namespace sparqlmcp::transport::testing {

using RawResponse = boost::beast::http::response<boost::beast::http::string_body>;

class RawHttpClient {
 public:
  explicit RawHttpClient(unsigned short port, const char* host = "127.0.0.1");
  ~RawHttpClient();
  RawHttpClient(const RawHttpClient&) = delete;
  RawHttpClient& operator=(const RawHttpClient&) = delete;

  void send(std::string_view bytes);
  // One response (a 1xx included). `head`: the answer to a HEAD request (no body).
  RawResponse read_response(bool head = false);
  // The raw bytes up to and including `marker` (the rest stays buffered).
  std::string read_until(std::string_view marker);
  // Reads until the server closes the connection (EOF or reset); the bytes read on the way.
  std::string read_to_end();
  void close();

 private:
  bool read_more();  // false at end of stream
  int fd_ = -1;
  std::string buffered_;
};

}  // namespace sparqlmcp::transport::testing
