// A lead list's columns: Add Lead's fields by path, each cell read as the value its field takes
// and written back as the same text.
#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "outreach/addlead/LeadColumns.hpp"

using namespace lodestone::outreach;

namespace {

std::string json(const Poco::JSON::Object& object) {
    std::ostringstream out;
    object.stringify(out);
    return out.str();
}

}  // namespace

TEST(LeadColumns, HeadersNameFieldsByPathAndCustomColumnsCustomData) {
    EXPECT_EQ(leadColumn("email")->path, std::vector<std::string>{"email"});
    EXPECT_EQ(leadColumn(" company.industry ")->header, "company.industry");
    EXPECT_EQ(leadColumn("custom.crmId")->path, (std::vector<std::string>{"customData", "crmId"}));
    EXPECT_FALSE(leadColumn("favouriteColour"));
    EXPECT_FALSE(leadColumn("custom."));
    EXPECT_FALSE(leadColumn("status")) << "an export's own columns are no Add Lead field";
}

TEST(LeadColumns, CellsBecomeTheValuesTheirFieldsTake) {
    Poco::JSON::Object body(Poco::JSON_PRESERVE_KEY_ORDER);
    const std::pair<const char*, const char*> cells[] = {
        {"companyName", "Initech"},
        {"company.employeeCount", " 120 "},
        {"company.revenue", "1.5e6"},
        {"company.technologies", "Go; Rust;; "},
        {"company.signals.hiringSignals.isHiring", "Yes"},
        {"researchData", R"({"hook":"saw your talk"})"},
        {"custom.crmId", "C-17"}};
    for (const auto& [header, cell] : cells) {
        auto column = *leadColumn(header);
        setField(body, column, *cellValue(column, cell));
    }
    EXPECT_EQ(json(body),
              R"({"companyName":"Initech","company":{"employeeCount":120,"revenue":1500000,)"
              R"("technologies":["Go","Rust"],"signals":{"hiringSignals":{"isHiring":true}}},)"
              R"("researchData":{"hook":"saw your talk"},"customData":{"crmId":"C-17"}})");
}

TEST(LeadColumns, AnEmptyCellIsAnAbsentFieldAndAWrongOneAnError) {
    EXPECT_FALSE(cellValue(*leadColumn("company.employeeCount"), ""));
    EXPECT_THROW(cellValue(*leadColumn("company.employeeCount"), "many"), CellError);
    EXPECT_THROW(cellValue(*leadColumn("company.revenue"), "lots"), CellError);
    EXPECT_THROW(cellValue(*leadColumn("company.signals.leadershipChanges.newCeo"), "maybe"),
                 CellError);
    EXPECT_THROW(cellValue(*leadColumn("extraContext"), "[1,2]"), CellError);
}

TEST(LeadColumns, EveryFieldWrittenAsACellReadsBackAsTheSameValue) {
    auto stored =
        Poco::JSON::Parser(new Poco::JSON::ParseHandler(true))
            .parse(R"({"companyName":"Initech","contactName":"Ann","email":"a@b.example",)"
                   R"("company":{"employeeCount":120,"revenue":0.25,)"
                   R"("technologies":["Go","Rust"],"signals":{"leadershipChanges":)"
                   R"({"newCeo":false}}},"extraContext":{"angle":["ops"]}})")
            .extract<Poco::JSON::Object::Ptr>();
    Poco::JSON::Object again(Poco::JSON_PRESERVE_KEY_ORDER);
    for (const auto& column : leadColumns()) {
        auto cell = cellText(*stored, column);
        if (auto value = cellValue(column, cell)) setField(again, column, *value);
    }
    EXPECT_EQ(json(again), json(*stored));
}
