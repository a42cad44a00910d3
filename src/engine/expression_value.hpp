#pragma once
// Private to the engine: the typed values SPARQL expressions compute with (section 17), so an
// expression converts a term to a number once, computes, and interns a term only at the end.
//
// Numbers: xsd:integer (and the derived integer types) as __int128; xsd:decimal as an exact
// __int128 mantissa with a decimal scale; xsd:float and xsd:double as double (a float is rounded
// to float precision after every operation). An operation whose exact result does not fit
// (beyond about 1.7e38) is an expression error, not a silent wrap-around or rounding.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "sparqlmcp/engine/term_dictionary.hpp"

namespace sparqlmcp::engine::expr {

inline constexpr std::string_view kXsdPrefix = "http://www.w3.org/2001/XMLSchema#";
inline constexpr std::string_view kXsdIntegerIri = "http://www.w3.org/2001/XMLSchema#integer";
inline constexpr std::string_view kXsdDecimalIri = "http://www.w3.org/2001/XMLSchema#decimal";
inline constexpr std::string_view kXsdFloatIri = "http://www.w3.org/2001/XMLSchema#float";
inline constexpr std::string_view kXsdDoubleIri = "http://www.w3.org/2001/XMLSchema#double";
inline constexpr std::string_view kXsdBooleanIri = "http://www.w3.org/2001/XMLSchema#boolean";
inline constexpr std::string_view kXsdStringIri = "http://www.w3.org/2001/XMLSchema#string";
inline constexpr std::string_view kXsdDateTimeIri = "http://www.w3.org/2001/XMLSchema#dateTime";
inline constexpr std::string_view kXsdDayTimeDurationIri =
    "http://www.w3.org/2001/XMLSchema#dayTimeDuration";
inline constexpr std::string_view kRdfLangStringIri =
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString";

using Int = __int128;
inline constexpr Int kMinInt =
    -static_cast<Int>((static_cast<unsigned __int128>(1) << 127) - 1) - 1;

// An exact decimal: m / 10^scale, 0 <= scale <= kMaxDecimalScale, normalised (no trailing zero
// digits in m when scale > 0).
struct Decimal {
  Int m = 0;
  int scale = 0;
};
inline constexpr int kMaxDecimalScale = 36;
// Digits after the point that a division computes (then trailing zeros are dropped).
inline constexpr int kDivisionScale = 24;

Decimal normalize(Decimal d);
Decimal decimal_of(Int integer);
// All return false when the exact result does not fit (or for division by zero).
bool add(const Decimal& a, const Decimal& b, Decimal& out);
bool subtract(const Decimal& a, const Decimal& b, Decimal& out);
bool multiply(const Decimal& a, const Decimal& b, Decimal& out);
bool divide(const Decimal& a, const Decimal& b, Decimal& out);
int compare(const Decimal& a, const Decimal& b);
double to_double(const Decimal& d);
// False for NaN, infinities and magnitudes that do not fit.
bool decimal_from_double(double value, Decimal& out);
Decimal floor(const Decimal& d);
Decimal ceil(const Decimal& d);
Decimal round_half_up(const Decimal& d);  // fn:round: halves round towards +INF
// Truncation towards zero (cast to integer); false when it does not fit.
Int truncate(const Decimal& d);

// XSD lexical forms (surrounding XML white space is allowed, as the whiteSpace facet says).
std::optional<Int> parse_integer(std::string_view text);
std::optional<Decimal> parse_decimal(std::string_view text);  // no exponent
std::optional<double> parse_double(std::string_view text);    // INF, -INF, NaN, exponents
std::string format_integer(Int value);
std::string format_decimal(const Decimal& d);  // canonical: "1.0", "-0.25", "100.0"
std::string format_double(double value);       // canonical: "1.0E0", "-2.5E-1", "INF", "NaN"
std::string format_float(double value);        // same, at float precision

// Integer types derived from xsd:integer: whether `datatype` is one, and whether `value` is in
// its value space.
bool is_integer_type(std::string_view datatype);
bool in_integer_range(std::string_view datatype, Int value);

// xsd:dateTime. second holds seconds with their fraction.
struct DateTime {
  std::int64_t year = 1;
  int month = 1, day = 1, hour = 0, minute = 0;
  Decimal second;
  bool has_timezone = false;
  int timezone_minutes = 0;  // offset east of UTC
};
std::optional<DateTime> parse_date_time(std::string_view text);
std::string format_date_time(const DateTime& value);
// Orders two dateTimes on the time line (a value without a time zone is taken as UTC).
int compare(const DateTime& a, const DateTime& b);

// A string that either points into a dictionary (which outlives every value) or shares an
// immutable heap string with its copies. Either way the view never moves, so copies are cheap
// (no character copies) and stay valid.
class Text {
 public:
  Text() = default;
  static Text view(std::string_view text) {
    Text t;
    t.view_ = text;
    return t;
  }
  static Text own(std::string text) {
    Text t;
    t.own_ = std::make_shared<const std::string>(std::move(text));
    t.view_ = *t.own_;
    return t;
  }
  std::string_view get() const { return view_; }
  bool empty() const { return view_.empty(); }
  // A part of this text that stays valid as long as a copy of this Text would.
  Text slice(std::size_t pos, std::size_t count = std::string_view::npos) const {
    Text t = *this;
    t.view_ = view_.substr(pos, count);
    return t;
  }

 private:
  std::string_view view_;
  std::shared_ptr<const std::string> own_;
};

enum class Type : std::uint8_t {
  Error,       // an expression error (also: unbound variable)
  Iri,         // str = IRI
  Blank,       // str = label
  String,      // simple literal or xsd:string; str = lexical form
  LangString,  // str = lexical form, lang = tag
  Boolean,
  Integer,  // integer or a derived integer type (datatype says which)
  Decimal,
  Float,
  Double,
  DateTime,
  Other,  // a literal of a datatype not interpreted here, or an ill-formed one (ill_formed)
};

struct Value {
  Type type = Type::Error;
  bool ill_formed = false;  // Other: a known datatype with an invalid lexical form
  bool boolean = false;
  TermId id = kUnbound;  // the term this value is, when known (saves interning it again)
  Int integer = 0;
  Decimal decimal;
  double real = 0;  // Float, Double
  DateTime date_time;
  Text str;       // lexical form / IRI / label (empty for computed numbers and booleans)
  Text lang;      // LangString
  Text datatype;  // literals of type Other, Integer, DateTime; empty means the type's own

  bool is_error() const { return type == Type::Error; }
  bool is_numeric() const {
    return type == Type::Integer || type == Type::Decimal || type == Type::Float ||
           type == Type::Double;
  }
  bool is_literal() const { return type >= Type::String; }
  bool is_string_literal() const { return type == Type::String || type == Type::LangString; }

  static Value error() { return Value{}; }
  static Value of_bool(bool b) {
    Value v;
    v.type = Type::Boolean;
    v.boolean = b;
    return v;
  }
  static Value of_integer(Int i) {
    Value v;
    v.type = Type::Integer;
    v.integer = i;
    return v;
  }
  static Value of_decimal(const Decimal& d) {
    Value v;
    v.type = Type::Decimal;
    v.decimal = d;
    return v;
  }
  static Value of_double(double d) {
    Value v;
    v.type = Type::Double;
    v.real = d;
    return v;
  }
  static Value of_float(double d) {
    Value v;
    v.type = Type::Float;
    v.real = static_cast<float>(d);
    return v;
  }
  static Value of_string(Text text) {
    Value v;
    v.type = Type::String;
    v.str = std::move(text);
    return v;
  }
  static Value of_lang_string(Text text, Text lang) {
    Value v;
    v.type = Type::LangString;
    v.str = std::move(text);
    v.lang = std::move(lang);
    return v;
  }
  // A string with the language tag (if any) of `like`, as string functions return (17.4.3).
  static Value string_like(const Value& like, Text text) {
    return like.type == Type::LangString ? of_lang_string(std::move(text), like.lang)
                                         : of_string(std::move(text));
  }
  static Value of_iri(Text iri) {
    Value v;
    v.type = Type::Iri;
    v.str = std::move(iri);
    return v;
  }
  static Value of_date_time(const DateTime& dt) {
    Value v;
    v.type = Type::DateTime;
    v.date_time = dt;
    return v;
  }
  // A literal of a datatype not interpreted here (kept as written).
  static Value of_other(Text lexical, Text datatype) {
    Value v;
    v.type = Type::Other;
    v.str = std::move(lexical);
    v.datatype = std::move(datatype);
    return v;
  }
};

// The value of a dictionary term (views into the dictionary, no allocation for the common
// types). kUnbound gives an error value.
Value value_of(TermId id, const QueryTerms& terms);
Value value_of(const TermView& term);
// A literal typed `datatype` with `lexical` form, interpreted as value_of would.
Value typed_literal(Text lexical, Text datatype);
// The term of a value, interned in `terms` (canonical lexical forms); kUnbound for an error.
TermId to_term_id(const Value& value, QueryTerms& terms);
// The lexical form of a literal value (canonical for computed ones), the IRI of an IRI.
std::string lexical_form(const Value& value);
// The datatype IRI of a literal value (xsd:string, rdf:langString, ...).
std::string_view datatype_of(const Value& value);

// 17.2.2; nullopt for an error.
std::optional<bool> effective_boolean_value(const Value& value);
// '=' of 17.3 (with RDFterm-equal): nullopt for a type error.
std::optional<bool> equal(const Value& a, const Value& b);
// sameTerm.
bool same_term(const Value& a, const Value& b);
// '<' of 17.3: -1, 0, +1, kUnordered (a NaN is involved), or nullopt when the operands are
// not comparable (a type error).
inline constexpr int kUnordered = 2;
std::optional<int> compare_values(const Value& a, const Value& b);

// Numeric helpers (17.3 numeric promotion). Both operands must be numeric.
double to_double(const Value& numeric);
Value add(const Value& a, const Value& b);
Value subtract(const Value& a, const Value& b);
Value multiply(const Value& a, const Value& b);
Value divide(const Value& a, const Value& b);
Value negate(const Value& a);

}  // namespace sparqlmcp::engine::expr
