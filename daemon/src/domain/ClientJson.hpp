#pragma once

#include <Poco/Dynamic/Var.h>

#include <stdexcept>
#include <string>

// JSON a client sends — a request body, or JSON text inside one (a customFields string) — read
// strictly and within bounds that keep the cost of reading it linear in its size. docs/api.md
// ("Bodies") states these rules for clients.
namespace lodestone::domain {

// How deep client JSON may nest; no lead needs more, and the bound keeps a hostile document from
// exhausting the parser's stack.
inline constexpr std::size_t kMaxJsonDepth = 64;

// A Poco JSON object that keeps its keys in the order sent (as leads are stored and read back)
// compares every new key with each earlier one, so one object costs the square of its key count:
// 60,000 keys in a body took 18 s of CPU. With these bounds the worst body at the size limit is
// read in about 13 ms (docs/benchmarks.md), and no lead comes near them.
inline constexpr std::size_t kMaxObjectKeys = 500;  // keys in one object
inline constexpr std::size_t kMaxJsonKeys = 5000;   // keys in the whole document
// Every value is an allocation or two, so a body of many small values ([[],[],...]) costs far
// more to build than its bytes suggest; array items are bounded like keys.
inline constexpr std::size_t kMaxJsonArrayItems = 10000;  // array items in the whole document

// Why client JSON was refused. what() is one sentence for the client that names the rule or the
// limit broken and where (a field path such as `fullName` or `company.technologies[2]`, or the
// document itself), quoting client text only in part and only as well-formed UTF-8.
class ClientJsonError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// The one rule for control characters in client text (values and keys alike): NUL and the other
// C0 controls except tab, line feed and carriage return, and DEL, are refused. They have no place
// in a lead, and a NUL would end the text early for every C string it reaches; field rules may
// refuse more (a URL allows no whitespace at all).
bool isForbiddenControl(char c);

// Parses `text` as one JSON value, keeping every object's keys in the order sent. Besides the
// JSON grammar (which also requires well-formed UTF-8 and paired surrogates) it refuses, with
// ClientJsonError: a key given twice in one object, a control character breaking the rule above
// in any string or key, nesting deeper than kMaxJsonDepth, and more keys or array items than the
// limits above. `document` names the text in messages ("the request body").
Poco::Dynamic::Var parseClientJson(const std::string& text, const std::string& document);

}  // namespace lodestone::domain
