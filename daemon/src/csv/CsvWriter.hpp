#pragma once

#include <ostream>
#include <string>
#include <string_view>

// Lead lists as CSV files (docs/lists.md, "The file"): RFC 4180, UTF-8 without a byte-order
// mark, CRLF after every row, a cell quoted when it holds a comma, a double quote, CR or LF (its
// double quotes doubled).
namespace lodestone::csv {

// A spreadsheet takes a cell that starts with =, +, -, @, a tab or a CR for a formula (OWASP,
// "CSV injection"). Such a cell is written with a single quote before it, which spreadsheets show
// as text. So that the quote can always be taken off again, a cell made of single quotes and then
// one of those characters gets one more quote too: escapeFormula("'=1") is "''=1".
std::string escapeFormula(std::string_view cell);
// The cell escapeFormula was given: one single quote off a cell of single quotes followed by one
// of the characters above; any other cell as it is ("'Tis" stays "'Tis").
std::string unescapeFormula(std::string_view cell);

// Writes rows to `out` as they come, so that a file never has to be held whole.
class CsvWriter {
  public:
    explicit CsvWriter(std::ostream& out) : out_(out) {}

    // A cell of text, escaped against formulas.
    CsvWriter& text(std::string_view cell);
    // A cell holding a number as its column's numbers are written ("-0.5", "12"): a spreadsheet
    // reads it as that number, never as a formula, so it is left as it is.
    CsvWriter& number(std::string_view cell);
    // Ends the row (CRLF).
    void endRow();

  private:
    void put(std::string_view cell);

    std::ostream& out_;
    bool rowStarted_ = false;
};

}  // namespace lodestone::csv
