#include "failure_text.hpp"

namespace sparqlmcp::tools {
namespace {

// What to do about an endpoint's failure, from what the response showed (its body, when the
// HTTP layer recognised it) and its status. Each case says what the agent can change: the
// query, the endpoint it picked, or when to try again; "simpler query" only where the query's
// cost can be the cause.
std::string remote_advice(const RemoteDetails& remote) {
  constexpr std::string_view kFixQuery =
      " The endpoint rejected the query: read its message above, fix the query (prefixes, "
      "syntax this endpoint supports) and try again.";
  if (remote.body == RemoteBody::QueryError) return std::string(kFixQuery);
  const long status = remote.http_status;
  if (status == 0) {
    return " No answer came from the endpoint: it may be down, or its IRI may be wrong. Check "
           "the IRI with list_endpoints, try again later, or use another endpoint.";
  }
  if (status >= 200 && status < 300) {
    switch (remote.body) {
      case RemoteBody::HtmlPage:
        return " The endpoint IRI leads to a web page, not to the SPARQL service itself: check "
               "the endpoint IRI in the catalogue (list_endpoints), or use another endpoint.";
      case RemoteBody::ErrorText:
        return " Read the endpoint's message above: if it is about the query, fix the query; if "
               "the query ran too long, add a LIMIT or make the patterns more selective.";
      case RemoteBody::StackTrace:
        return " The endpoint crashed while answering: try a cheaper query (a LIMIT, a more "
               "selective pattern, fewer OPTIONALs) or try again later.";
      case RemoteBody::Empty:
        return " The endpoint sent nothing: try again later, or use another endpoint.";
      case RemoteBody::OtherText:
        return " Read the endpoint's text above; check that the endpoint IRI in the catalogue "
               "is the SPARQL service itself, or use another endpoint.";
      case RemoteBody::ProtocolFault:
        return " This is the endpoint's fault, not the query's: its answers cannot be trusted "
               "(nor paged), so use another endpoint for this data, or tell the server's "
               "operator.";
      case RemoteBody::QueryError:
      case RemoteBody::Unclassified:
        break;
    }
    return " The answer could not be read as SPARQL results: check that the endpoint IRI in the "
           "catalogue is the SPARQL service itself; if it is, the endpoint sent a broken answer: "
           "try again, or add a LIMIT.";
  }
  if (status >= 300 && status < 400) {
    return " The endpoint has moved: its catalogue entry needs the new URL named above.";
  }
  switch (status) {
    case 400:
      return std::string(kFixQuery);
    case 401:
      return " The endpoint needs credentials, which only the server's operator can configure "
             "(smcp:header in the catalogue); use another endpoint meanwhile.";
    case 403:
      return " The endpoint refused this request: it may need credentials (smcp:header in the "
             "catalogue) or block this kind of query; try a simpler query or another endpoint.";
    case 404:
      return " The endpoint URL is wrong: use the endpoint IRI exactly as list_endpoints shows "
             "it; if you did, its catalogue entry is out of date: use another endpoint.";
    case 405:
    case 415:
      return " The endpoint does not take queries sent this way: its catalogue entry needs "
             "smcp:httpMethod \"GET\" or \"POST\"; use another endpoint meanwhile.";
    case 406:
      return " The endpoint offers no results format this server reads; use another endpoint.";
    case 408:
      return " The endpoint gave up waiting for the request: try again.";
    case 413:
    case 414:
      return " Shorten the query (fewer VALUES rows, shorter IRIs through PREFIX "
             "declarations) or split it into several queries.";
    case 429:
      return " Wait before querying this endpoint again, and send fewer, more selective "
             "queries.";
    case 502:
    case 504:
      return " The gateway usually gives up because the query runs too long: add a LIMIT or make "
             "the patterns more selective, or try again later.";
    case 503:
      return " Try again later, or use another endpoint.";
    default:
      break;
  }
  if (status >= 500) {
    return " The endpoint failed while answering: try a cheaper query (a LIMIT, a more selective "
           "pattern) or try again later.";
  }
  return " Read the endpoint's message above; check the query and the endpoint IRI.";
}

}  // namespace

std::string advice_for(const Error& error, std::string_view timeout_option) {
  switch (error.kind) {
    case ErrorKind::Timeout:
      return " The query ran out of time: add a LIMIT, make the patterns more selective (bind "
             "a class or a known IRI first), or raise " +
             std::string(timeout_option) + ".";
    case ErrorKind::Remote:
      if (!error.remote) {
        return " The endpoint failed to answer; try again later or use another endpoint.";
      }
      return remote_advice(*error.remote);
    default:
      // Syntax, argument and limit errors carry their fix in the message; a cancelled call
      // needs none.
      return "";
  }
}

mcp::ToolResult failure_result(const Error& error, std::string_view timeout_option) {
  std::string message;
  // A position in the query reads the same in every error that has one.
  const std::string where = error.span ? " at line " + std::to_string(error.span->line) +
                                             ", column " + std::to_string(error.span->column)
                                       : "";
  switch (error.kind) {
    case ErrorKind::Syntax:
      message = "SPARQL syntax error" + where + ": " + error.message;
      break;
    case ErrorKind::Cancelled:
      message = "The query was cancelled.";
      break;
    default:
      if (error.span && error.source_name.empty()) {
        Error rest = error;
        rest.span.reset();
        message = "Query refused" + where + ": " + rest.to_text();
      } else {
        message = error.to_text();
      }
      break;
  }
  std::string advice = advice_for(error, timeout_option);
  if (!advice.empty() && !message.empty() && message.back() != '.') message += '.';
  return mcp::ToolResult::error(message + advice);
}

}  // namespace sparqlmcp::tools
