// Reading CSV as it arrives: RFC 4180 and what spreadsheets write, record by record.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "csv/CsvReader.hpp"

using namespace lodestone::csv;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

std::vector<Record> readAll(const std::string& text, ReadLimits limits = {}) {
    std::istringstream in(text);
    Reader reader(in, limits);
    std::vector<Record> records;
    Record record;
    while (reader.next(record)) records.push_back(record);
    return records;
}

}  // namespace

TEST(CsvReader, ReadsHeaderAndRowsWithTheLineEachStartsOn) {
    auto records = readAll("a,b,c\r\n1,2,3\r\n4,5,6");
    ASSERT_EQ(records.size(), 3u);
    EXPECT_THAT(records[0].fields, ElementsAre("a", "b", "c"));
    EXPECT_THAT(records[2].fields, ElementsAre("4", "5", "6"));
    EXPECT_EQ(records[1].line, 2);
    EXPECT_EQ(records[2].line, 3);
    EXPECT_FALSE(records[2].problem);
}

TEST(CsvReader, QuotedFieldsHoldDelimitersDoubledQuotesAndLineBreaks) {
    auto records = readAll("name,notes\n\"Smith, Ann\",\"said \"\"hi\"\"\nthen left\"\nnext,row\n");
    ASSERT_EQ(records.size(), 3u);
    EXPECT_THAT(records[1].fields, ElementsAre("Smith, Ann", "said \"hi\"\nthen left"));
    EXPECT_EQ(records[1].line, 2);
    EXPECT_EQ(records[2].line, 4) << "the line break inside quotes is a line of the file";
}

TEST(CsvReader, SkipsAByteOrderMarkAndFindsASemicolonDelimiter) {
    std::istringstream in(
        "\xEF\xBB\xBF"
        "email;name\na@b.example;\"Lee; Ann\"\n");
    Reader reader(in, {});
    Record header;
    ASSERT_TRUE(reader.next(header));
    EXPECT_EQ(reader.delimiter(), ';');
    EXPECT_THAT(header.fields, ElementsAre("email", "name"));
    Record row;
    ASSERT_TRUE(reader.next(row));
    EXPECT_THAT(row.fields, ElementsAre("a@b.example", "Lee; Ann"));
}

TEST(CsvReader, AcceptsLfAndLoneCrLineEndsAndSkipsBlankLines) {
    auto records = readAll("a,b\n\n1,2\r3,4\r\n\r\n");
    ASSERT_EQ(records.size(), 3u);
    EXPECT_THAT(records[1].fields, ElementsAre("1", "2"));
    EXPECT_EQ(records[1].line, 3);
    EXPECT_THAT(records[2].fields, ElementsAre("3", "4"));
    EXPECT_EQ(records[2].line, 4);
}

TEST(CsvReader, EmptyFieldsAreKept) {
    auto records = readAll("a,b,c\n,,\n\"\",x,\n");
    ASSERT_EQ(records.size(), 3u);
    EXPECT_THAT(records[1].fields, ElementsAre("", "", ""));
    EXPECT_THAT(records[2].fields, ElementsAre("", "x", ""));
}

TEST(CsvReader, AnUnclosedQuoteIsAProblemOfTheRecordItOpensOn) {
    auto records = readAll("a,b\n1,\"never closed\n2,3\n");
    ASSERT_EQ(records.size(), 2u);
    ASSERT_TRUE(records[1].problem);
    EXPECT_THAT(*records[1].problem, HasSubstr("opened on line 2 that is never closed"));
    EXPECT_EQ(records[1].problemField, 1u);
}

TEST(CsvReader, AQuoteInsideAnUnquotedFieldOrTextAfterAClosingQuoteIsAProblem) {
    auto records = readAll("a,b\nab\"c,d\n\"ab\"c,d\nfine,row\n");
    ASSERT_EQ(records.size(), 4u);
    ASSERT_TRUE(records[1].problem);
    EXPECT_THAT(*records[1].problem, HasSubstr("double quote inside a field that is not quoted"));
    ASSERT_TRUE(records[2].problem);
    EXPECT_THAT(*records[2].problem, HasSubstr("text after the closing quote"));
    EXPECT_FALSE(records[3].problem) << "the next record is read as usual";
}

TEST(CsvReader, AFieldPastTheLimitIsReadToItsEndButNotKept) {
    const std::string huge(10 * 1024 * 1024, 'x');  // 10 MB in one field
    auto records = readAll("a,b\n" + huge + ",after\nnext,row\n", {1024, 10});
    ASSERT_EQ(records.size(), 3u);
    ASSERT_TRUE(records[1].problem);
    EXPECT_THAT(*records[1].problem, HasSubstr("longer than 1024 bytes"));
    EXPECT_EQ(records[1].problemField, 0u);
    EXPECT_EQ(records[1].fields[0].size(), 1024u) << "memory stays within the limit";
    EXPECT_EQ(records[1].fields[1], "after");
    EXPECT_THAT(records[2].fields, ElementsAre("next", "row"));
}

TEST(CsvReader, ARecordWithMoreFieldsThanTheLimitIsAProblem) {
    std::string wide;
    for (int i = 0; i < 5000; ++i) wide += (i ? "," : "") + std::to_string(i);
    auto records = readAll(wide + "\n", {64, 200});
    ASSERT_EQ(records.size(), 1u);
    ASSERT_TRUE(records[0].problem);
    EXPECT_THAT(*records[0].problem, HasSubstr("more than 200 fields"));
    EXPECT_EQ(records[0].fields.size(), 200u);
}

TEST(CsvReader, AnEmptyInputHasNoRecords) {
    EXPECT_TRUE(readAll("").empty());
    EXPECT_TRUE(readAll("\xEF\xBB\xBF").empty());
    EXPECT_TRUE(readAll("\n\r\n").empty());
}

TEST(CsvReader, CountsTheBytesItTook) {
    std::istringstream in("a,b\n1,2\n");
    Reader reader(in, {});
    Record record;
    while (reader.next(record)) {
    }
    EXPECT_EQ(reader.bytesRead(), 8);
}
