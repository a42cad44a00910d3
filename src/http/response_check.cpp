#include "response_check.hpp"

#include <curl/curl.h>

#include <array>
#include <cctype>
#include <ctime>

#include "sparqlmcp/http/sparql_protocol.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::http {

namespace detail {

namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f';
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_blank(text.front()))
    text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back()))
    text.remove_suffix(1);
  return text;
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// The body without a UTF-8 byte order mark and leading whitespace.
std::string_view content_start(std::string_view body) {
  if (starts_with(body, "\xEF\xBB\xBF")) body.remove_prefix(3);
  while (!body.empty() && is_blank(body.front()))
    body.remove_prefix(1);
  return body;
}

bool looks_like_html(std::string_view media, std::string_view head_lower) {
  return media == "text/html" || media == "application/xhtml+xml" ||
         starts_with(head_lower, "<!doctype html") || starts_with(head_lower, "<html");
}

std::string decode_entities(std::string_view text) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kEntities{{
      {"&lt;", "<"},
      {"&gt;", ">"},
      {"&amp;", "&"},
      {"&quot;", "\""},
      {"&#39;", "'"},
      {"&nbsp;", " "},
  }};
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    bool replaced = false;
    if (text[i] == '&') {
      for (const auto& [entity, value] : kEntities) {
        if (text.substr(i, entity.size()) == entity) {
          out += value;
          i += entity.size();
          replaced = true;
          break;
        }
      }
    }
    if (!replaced) out += text[i++];
  }
  return out;
}

// Drops tags and the content of <script>/<style>/<head> (titles repeat the headline).
std::string strip_html(std::string_view html) {
  std::string out;
  const std::string lowered = util::ascii_lowercase(html);
  for (std::size_t i = 0; i < html.size();) {
    if (html[i] != '<') {
      out += html[i++];
      continue;
    }
    for (std::string_view skipped : {"script", "style", "head"}) {
      if (lowered.compare(i + 1, skipped.size(), skipped) == 0) {
        auto end = lowered.find("</" + std::string(skipped), i);
        if (end != std::string::npos) i = end;
        break;
      }
    }
    auto close = html.find('>', i);
    if (close == std::string_view::npos) break;
    out += ' ';
    i = close + 1;
  }
  return decode_entities(out);
}

std::string collapse_whitespace(std::string_view text) {
  std::string out;
  bool pending_space = false;
  for (char c : text) {
    if (is_blank(c)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out += ' ';
    pending_space = false;
    out += c;
  }
  return out;
}

std::string reason_phrase(long status) {
  switch (status) {
    case 400:
      return "Bad Request";
    case 401:
      return "Unauthorized";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 406:
      return "Not Acceptable";
    case 408:
      return "Request Timeout";
    case 413:
      return "Content Too Large";
    case 414:
      return "URI Too Long";
    case 415:
      return "Unsupported Media Type";
    case 429:
      return "Too Many Requests";
    case 500:
      return "Internal Server Error";
    case 501:
      return "Not Implemented";
    case 502:
      return "Bad Gateway";
    case 503:
      return "Service Unavailable";
    case 504:
      return "Gateway Timeout";
    default:
      return {};
  }
}

std::string with_text(std::string message, const std::string& text) {
  if (!text.empty()) message += ": " + text;
  return message;
}

// Whether the first line is a SPARQL CSV/TSV header: variable names separated by ',' or TAB.
bool is_header_line(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.empty()) return false;
  std::size_t names = 0;
  std::size_t length = 0;
  for (char c : line) {
    if (c == ',' || c == '\t') {
      if (length == 0) return false;
      ++names;
      length = 0;
    } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '?' || c == '$' ||
               c == '"' || static_cast<unsigned char>(c) >= 0x80) {
      ++length;
    } else {
      return false;
    }
  }
  return length > 0 || names > 0;
}

// Whether the body begins the way a results document or an RDF serialisation begins.
bool starts_like_results(std::string_view start, std::string_view start_lower) {
  if (start.empty()) return true;  // an empty graph (CONSTRUCT) is valid RDF; see the caller
  const char first = start.front();
  if (first == '{' || first == '[' || first == '<' || first == '@' || first == '_' || first == '#')
    return true;
  if (starts_with(start_lower, "prefix") || starts_with(start_lower, "base")) return true;
  const std::string_view trimmed = trim(start_lower);
  if (trimmed == "true" || trimmed == "false") return true;  // text/boolean ASK answers
  return is_header_line(start.substr(0, start.find('\n')));
}

}  // namespace

std::string status_with_reason(long status) {
  const std::string reason = reason_phrase(status);
  return "HTTP " + std::to_string(status) + (reason.empty() ? "" : " " + reason);
}

bool reads_as_query_error(std::string_view text) {
  // What the parsers of common endpoints say: Virtuoso ("SP030: SPARQL compiler, line 1:
  // syntax error"), Jena ("QueryParseException", "Lexical error", "Encountered \" ..."),
  // RDF4J and Blazegraph ("MalformedQueryException"), GraphDB ("MALFORMED QUERY"), Oxigraph
  // ("Parse error"), QLever ("Invalid SPARQL query").
  static constexpr std::string_view kMarkers[] = {
      "syntax error",         "parse error",     "parseexception", "parse exception",
      "malformedquery",       "malformed query", "lexical error",  "sparql compiler",
      "invalid sparql query", "encountered \"",
  };
  const std::string folded = util::ascii_lowercase(text.substr(0, 4096));
  for (std::string_view marker : kMarkers)
    if (folded.find(marker) != std::string::npos) return true;
  return false;
}

RemoteBody status_body(long status, std::string_view content_type, std::string_view body) {
  switch (status) {
    case 401:
    case 403:
    case 404:
    case 405:
    case 406:
    case 408:
    case 413:
    case 414:
    case 415:
    case 429:
      return RemoteBody::Unclassified;  // the status says what is wrong, whatever the body
    default:
      // 400, and the 5xx some endpoints (Blazegraph) answer a query they cannot parse with.
      return reads_as_query_error(body_text(content_type, body, 4096)) ? RemoteBody::QueryError
                                                                       : RemoteBody::Unclassified;
  }
}

std::string media_type(std::string_view content_type) {
  return util::media_type_essence(content_type);
}

std::string body_text(std::string_view content_type, std::string_view body, std::size_t max_bytes) {
  std::string_view start = content_start(body.substr(0, 64 * 1024));
  const std::string head_lower = util::ascii_lowercase(start.substr(0, 64));
  std::string text = looks_like_html(media_type(content_type), head_lower)
                         ? collapse_whitespace(strip_html(start))
                         : collapse_whitespace(start);
  return utf8_head(text, max_bytes);
}

std::string status_message(long status, std::string_view content_type, std::string_view body,
                           std::string_view method, std::string_view accept,
                           std::string_view retry_after, std::string_view location) {
  const std::string reason = reason_phrase(status);
  const std::string code = "HTTP " + std::to_string(status) + (reason.empty() ? "" : " " + reason);
  const std::string text = body_text(content_type, body);
  switch (status) {
    case 400:
      if (text.empty())
        return "the endpoint rejected the query (" + code +
               ") without saying why; check the syntax and the prefixes";
      return "the endpoint rejected the query (" + code + "): " + text;
    case 401:
      return with_text("the endpoint refused access (" + code +
                           "); it requires credentials: configure an Authorization header for it",
                       text);
    case 403:
      return with_text("the endpoint refused access (" + code +
                           "); it may block this client or this kind of query",
                       text);
    case 404:
      return with_text(
          "the endpoint URL is wrong (" + code + "); check the endpoint address in the catalogue",
          text);
    case 405:
      return "the endpoint does not accept " + std::string(method) + " requests (" + code +
             "); configure the other HTTP method for it";
    case 406:
      return "the endpoint cannot produce any of the requested formats (" + code +
             "; Accept: " + std::string(accept) + ")";
    case 408:
      return "the endpoint gave up waiting for the request (" + code + "); try again";
    case 413:
    case 414:
      return "the query is too long for the endpoint (" + code + "); shorten it";
    case 415:
      return "the endpoint does not accept the query as application/sparql-query (" + code +
             "); configure GET for it";
    case 429: {
      std::string message = "the endpoint is rate-limiting requests (" + code + ")";
      if (!retry_after.empty())
        message += " and asked to wait (Retry-After: " + std::string(retry_after) + ")";
      return message + "; wait before sending more queries";
    }
    default:
      break;
  }
  if (status_body(status, content_type, body) == RemoteBody::QueryError)
    return "the endpoint rejected the query (" + code + "): " + text;
  if (status >= 500 && status < 600) {
    std::string message = "the endpoint failed (" + code + ")";
    if (status == 502 || status == 504) message += "; a gateway in front of it gave up";
    if (status == 503) message += "; it is overloaded or down for maintenance, try again later";
    return with_text(message, text);
  }
  if (status >= 300 && status < 400) {
    std::string message = "the endpoint answered with a redirect that was not followed (" + code;
    if (!location.empty()) message += " to " + std::string(location);
    return message + "); use the target URL as the endpoint";
  }
  if (status >= 400 && status < 500)
    return with_text("the endpoint refused the request (" + code + ")", text);
  return with_text("the endpoint answered with an unexpected status (" + code + ")", text);
}

std::optional<std::chrono::milliseconds> parse_retry_after(std::string_view value) {
  value = trim(value);
  if (value.empty()) return std::nullopt;
  bool digits = true;
  for (char c : value)
    digits = digits && std::isdigit(static_cast<unsigned char>(c));
  if (digits) {
    if (value.size() > 9) return std::chrono::milliseconds::max();  // absurd: never fits
    return std::chrono::seconds(std::stol(std::string(value)));
  }
  const std::time_t when = curl_getdate(std::string(value).c_str(), nullptr);
  if (when == static_cast<std::time_t>(-1)) return std::nullopt;
  const std::time_t now = std::time(nullptr);
  return std::chrono::seconds(when > now ? when - now : 0);
}

}  // namespace detail

RemoteBody classify_success_body(std::string_view content_type, std::string_view body) {
  using namespace detail;
  const std::string media = media_type(content_type);
  const std::string_view start = content_start(body.substr(0, 4096 + 3));
  const std::string start_lower = util::ascii_lowercase(start);
  const auto query_error_or = [&](RemoteBody otherwise) {
    return reads_as_query_error(body_text(content_type, body, 4096)) ? RemoteBody::QueryError
                                                                     : otherwise;
  };

  // An empty document is a valid empty graph in the RDF syntaxes, but never a SPARQL results
  // document (JSON, XML) nor a CSV/TSV table, which has at least its header line.
  if (start.empty() && (media.empty() || media == "application/json" || media == "text/csv" ||
                        media == "text/tab-separated-values" || media == "application/xml" ||
                        media == "text/xml" || media.find("sparql-results") != std::string::npos))
    return RemoteBody::Empty;
  if (looks_like_html(media, start_lower)) return RemoteBody::HtmlPage;
  // "Virtuoso 37000 Error SP030: SPARQL compiler, line 1: syntax error ..."
  const std::string_view first_line =
      std::string_view(start_lower).substr(0, start_lower.find('\n'));
  if ((starts_with(first_line, "virtuoso ") && first_line.find(" error") != std::string::npos) ||
      starts_with(first_line, "error:") || starts_with(first_line, "error ") ||
      starts_with(first_line, "exception:"))
    return query_error_or(RemoteBody::ErrorText);
  if (!starts_like_results(start, start_lower)) {
    for (std::string_view marker :
         {"java.lang.", "exception in thread", "traceback (most recent call last)",
          "exception:", "stack trace"}) {
      if (start_lower.find(marker) != std::string::npos)
        return query_error_or(RemoteBody::StackTrace);
    }
    if (media == "text/plain") return query_error_or(RemoteBody::OtherText);
  }
  return RemoteBody::Unclassified;
}

std::string diagnose_success_body(std::string_view content_type, std::string_view body) {
  const auto quote = [&] { return detail::body_text(content_type, body, 200); };
  switch (classify_success_body(content_type, body)) {
    case RemoteBody::Unclassified:
      return {};
    case RemoteBody::Empty:
      return "the endpoint answered with an empty body instead of SPARQL results";
    case RemoteBody::HtmlPage:
      return "the endpoint answered with an HTML page instead of SPARQL results (is the URL the "
             "SPARQL service, not its web page?): " +
             quote();
    case RemoteBody::QueryError:
      return "the endpoint rejected the query (its error message came with HTTP status 200 "
             "instead of results): " +
             quote();
    case RemoteBody::ErrorText:
      return "the endpoint reported an error instead of results: " + quote();
    case RemoteBody::StackTrace:
      return "the endpoint answered with an error report (a stack trace) instead of results: " +
             quote();
    case RemoteBody::OtherText:
      return "the endpoint answered with plain text instead of SPARQL results: " + quote();
    case RemoteBody::ProtocolFault:
      break;  // judged by what was asked, above this layer
  }
  return {};
}

}  // namespace sparqlmcp::http
