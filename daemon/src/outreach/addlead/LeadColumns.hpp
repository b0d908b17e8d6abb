#pragma once

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Object.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace lodestone::outreach {

// A list of leads as a CSV file (docs/lists.md): a column per Add Lead field, headed by the
// field's path in the body ("companyName", "company.industry", "contact.timezone"), and
// "custom.<name>" for a key of customData. Import and export share this table, so that an
// exported file imports into another campaign with the same fields.

// What a cell holds, as the JSON value its field takes in an Add Lead body.
enum class CellKind {
    Text,
    WholeNumber,
    Number,
    Boolean,  // true/false, yes/no or 1/0, any case
    List,     // items separated by ";" (a list of strings)
    Object,   // a JSON object as text (researchData, extraContext)
};

struct LeadColumn {
    std::string header;             // as in the file: "company.employeeCount"
    std::vector<std::string> path;  // in the body: {"company", "employeeCount"}
    CellKind kind = CellKind::Text;
};

// The column a header names, or nothing when Add Lead has no such field. Headers are matched
// exactly as written (after trimming spaces), as body keys are.
std::optional<LeadColumn> leadColumn(std::string_view header);

// Every field's column but custom ones, in the order an export writes them.
const std::vector<LeadColumn>& leadColumns();

// A cell that cannot be its field's value; the message reads after the field's name, as Add
// Lead's do ("must be a whole number").
class CellError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// `cell` as its column's value in a body: nothing for an empty cell (the field is absent, as in
// a body that leaves it out); CellError when it cannot be one.
std::optional<Poco::Dynamic::Var> cellValue(const LeadColumn& column, std::string_view cell);

// Sets `value` at the column's path in `body`, making the objects on the way.
void setField(Poco::JSON::Object& body, const LeadColumn& column, const Poco::Dynamic::Var& value);

// The cell for a stored lead's field (what cellValue reads back as the same value); empty when
// the lead has none.
std::string cellText(const Poco::JSON::Object& stored, const LeadColumn& column);

}  // namespace lodestone::outreach
