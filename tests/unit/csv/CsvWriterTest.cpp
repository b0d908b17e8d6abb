// CSV as spreadsheets and RFC 4180 read it: quoting, CRLF rows, and formula cells escaped in a
// way the importer can always undo.
#include <gtest/gtest.h>

#include <sstream>

#include "csv/CsvWriter.hpp"

using namespace lodestone::csv;

namespace {

std::string row(std::initializer_list<std::string_view> cells) {
    std::ostringstream out;
    CsvWriter writer(out);
    for (auto cell : cells) writer.text(cell);
    writer.endRow();
    return out.str();
}

}  // namespace

TEST(CsvWriter, PlainCellsAreWrittenAsTheyAreAndRowsEndWithCrLf) {
    EXPECT_EQ(row({"Acme", "ada@example.com", ""}), "Acme,ada@example.com,\r\n");
}

TEST(CsvWriter, CellsWithCommasQuotesOrLineBreaksAreQuotedWithQuotesDoubled) {
    EXPECT_EQ(row({"Acme, Inc."}), "\"Acme, Inc.\"\r\n");
    EXPECT_EQ(row({"the \"best\""}), "\"the \"\"best\"\"\"\r\n");
    EXPECT_EQ(row({"two\nlines", "cr\rhere"}), "\"two\nlines\",\"cr\rhere\"\r\n");
}

TEST(CsvWriter, UnicodeIsWrittenAsItsUtf8Bytes) {
    EXPECT_EQ(row({"Zoë Ångström", "東京"}), "Zoë Ångström,東京\r\n");
}

TEST(CsvWriter, CellsThatWouldStartAFormulaGetASingleQuote) {
    EXPECT_EQ(row({"=HYPERLINK(\"http://x\")"}), "\"'=HYPERLINK(\"\"http://x\"\")\"\r\n");
    EXPECT_EQ(row({"+44 20 7946 0000", "-1", "@SUM(A1)"}), "'+44 20 7946 0000,'-1,'@SUM(A1)\r\n");
    EXPECT_EQ(row({"\tx", "\rx"}), "'\tx,\"'\rx\"\r\n");
}

TEST(CsvWriter, NumberCellsAreNeverEscaped) {
    std::ostringstream out;
    CsvWriter(out).number("-0.1").number("12").endRow();
    EXPECT_EQ(out.str(), "-0.1,12\r\n");
}

TEST(FormulaEscaping, TakesQuotesOffOnlyWhereItPutThemOn) {
    for (std::string cell : {"=1", "'=1", "''+2", "-", "'Tis Ltd", "'", "", "Acme", "a=b", "@"}) {
        EXPECT_EQ(unescapeFormula(escapeFormula(cell)), cell) << cell;
    }
    EXPECT_EQ(escapeFormula("'=1"), "''=1");
    EXPECT_EQ(escapeFormula("'Tis Ltd"), "'Tis Ltd");
    EXPECT_EQ(unescapeFormula("'Tis Ltd"), "'Tis Ltd");
    // A file made by hand that quoted a phone number the way spreadsheets do imports as the number.
    EXPECT_EQ(unescapeFormula("'+44 20 7946 0000"), "+44 20 7946 0000");
}
