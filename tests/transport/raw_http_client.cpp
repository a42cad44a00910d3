#include "raw_http_client.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

// GCC 12 with the sanitizers reports -Wmaybe-uninitialized inside Beast's parser (a
// boost::optional it returns empty); the code is Boost's alone.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/beast/http/parser.hpp>
#pragma GCC diagnostic pop
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace sparqlmcp::transport::testing {

namespace bhttp = boost::beast::http;

RawHttpClient::RawHttpClient(unsigned short port, const char* host) {
  bool v6 = std::strchr(host, ':') != nullptr;
  fd_ = ::socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM, 0);
  if (fd_ < 0) throw std::runtime_error("socket() failed");
  timeval limit{30, 0};
  ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  int result = -1;
  if (v6) {
    sockaddr_in6 address{};
    address.sin6_family = AF_INET6;
    address.sin6_port = htons(port);
    ::inet_pton(AF_INET6, host, &address.sin6_addr);
    result = ::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address);
  } else {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    ::inet_pton(AF_INET, host, &address.sin_addr);
    result = ::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address);
  }
  if (result != 0) {
    ::close(fd_);
    throw std::runtime_error(std::string("connect() failed: ") + std::strerror(errno));
  }
}

RawHttpClient::~RawHttpClient() {
  close();
}

void RawHttpClient::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

void RawHttpClient::send(std::string_view bytes) {
  while (!bytes.empty()) {
    auto sent = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent < 0) throw std::runtime_error(std::string("send() failed: ") + std::strerror(errno));
    bytes.remove_prefix(static_cast<std::size_t>(sent));
  }
}

bool RawHttpClient::read_more() {
  char chunk[16384];
  auto got = ::recv(fd_, chunk, sizeof chunk, 0);
  if (got > 0) {
    buffered_.append(chunk, static_cast<std::size_t>(got));
    return true;
  }
  if (got == 0 || errno == ECONNRESET) return false;
  if (errno == EAGAIN || errno == EWOULDBLOCK)
    throw std::runtime_error("the server sent nothing for 30 s");
  throw std::runtime_error(std::string("recv() failed: ") + std::strerror(errno));
}

RawResponse RawHttpClient::read_response(bool head) {
  bhttp::response_parser<bhttp::string_body> parser;
  parser.eager(true);
  parser.skip(head);
  parser.body_limit(64 * 1024 * 1024);
  while (!parser.is_done()) {
    boost::system::error_code ec;
    if (!buffered_.empty()) {
      auto used = parser.put(boost::asio::buffer(buffered_), ec);
      buffered_.erase(0, used);
      if (!ec && used > 0) continue;
      if (ec && ec != bhttp::error::need_more)
        throw std::runtime_error("unparsable response: " + ec.message());
    }
    if (!read_more()) {
      parser.put_eof(ec);
      if (ec) throw std::runtime_error("the connection closed mid-response: " + ec.message());
      break;
    }
  }
  return parser.release();
}

std::string RawHttpClient::read_until(std::string_view marker) {
  std::size_t found;
  while ((found = buffered_.find(marker)) == std::string::npos)
    if (!read_more())
      throw std::runtime_error("the connection closed before " + std::string(marker));
  std::string out = buffered_.substr(0, found + marker.size());
  buffered_.erase(0, found + marker.size());
  return out;
}

std::string RawHttpClient::read_to_end() {
  while (read_more()) {
  }
  std::string out;
  out.swap(buffered_);
  return out;
}

}  // namespace sparqlmcp::transport::testing
