#pragma once
// Words of IRIs and of an agent's text, for the full-text index: a term whose only description
// is its IRI is found by the words of its local name ("birthPlace" -> birth place,
// "date_of_birth2" -> date of birth 2, "HTTPServer" -> http server), and by the path segments
// just before it (".../singer#name" is the name of a singer).

#include <string>
#include <string_view>
#include <vector>

namespace sparqlmcp::assist {

// What follows the last '#', '/' or ':' of an IRI (trailing separators ignored); the whole IRI
// when there is none.
std::string_view local_name(std::string_view iri);

// The IRI up to and including the separator before its local name.
std::string_view namespace_of(std::string_view iri);

// Lower-case words of an identifier: split at case changes (camelCase, an acronym before a
// word), between letters and digits, and at every character that is neither (_ - . % and
// others). Non-ASCII letters stay in the word they belong to.
std::vector<std::string> identifier_words(std::string_view identifier);

// identifier_words of local_name(iri).
std::vector<std::string> iri_words(std::string_view iri);

// The words of the (at most two) path segments before the local name, after the host: the
// context that tells `singer#name` from `song#name`. Empty for an IRI with no path.
std::vector<std::string> iri_context_words(std::string_view iri);

// The words of free text, split as identifiers are (an agent may type "birthPlace").
std::vector<std::string> text_words(std::string_view text);

// Whether `word` (lower case) is an English function word: an article, pronoun, preposition,
// conjunction or auxiliary of the Snowball project's English stop list. Rare among the names
// of terms, such a word would weigh as much as a rare content word when a question ("the
// nationality of the oldest") meets a label ("year of release").
bool is_function_word(std::string_view word);

// Words joined with single spaces.
std::string join_words(const std::vector<std::string>& words);

}  // namespace sparqlmcp::assist
