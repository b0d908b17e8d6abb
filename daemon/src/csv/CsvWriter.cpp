#include "csv/CsvWriter.hpp"

namespace lodestone::csv {
namespace {

bool startsFormula(char c) {
    return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
}

// Whether the cell is single quotes (perhaps none) and then a character that starts a formula.
bool quotedFormula(std::string_view cell) {
    const auto first = cell.find_first_not_of('\'');
    return first != std::string_view::npos && startsFormula(cell[first]);
}

}  // namespace

std::string escapeFormula(std::string_view cell) {
    if (!quotedFormula(cell)) return std::string(cell);
    return "'" + std::string(cell);
}

std::string unescapeFormula(std::string_view cell) {
    if (cell.starts_with('\'') && quotedFormula(cell)) return std::string(cell.substr(1));
    return std::string(cell);
}

CsvWriter& CsvWriter::text(std::string_view cell) {
    put(escapeFormula(cell));
    return *this;
}

CsvWriter& CsvWriter::number(std::string_view cell) {
    put(cell);
    return *this;
}

void CsvWriter::endRow() {
    out_ << "\r\n";
    rowStarted_ = false;
}

void CsvWriter::put(std::string_view cell) {
    if (rowStarted_) out_ << ',';
    rowStarted_ = true;
    if (cell.find_first_of(",\"\r\n") == std::string_view::npos) {
        out_ << cell;
        return;
    }
    out_ << '"';
    for (char c : cell) {
        if (c == '"') out_ << '"';
        out_ << c;
    }
    out_ << '"';
}

}  // namespace lodestone::csv
