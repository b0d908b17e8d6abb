#include <Poco/JSON/Parser.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "domain/JsonWriter.hpp"

using lodestone::domain::JsonWriter;

namespace {

Poco::Dynamic::Var parsed(const std::string& json) {
    return Poco::JSON::Parser().parse(json);
}

}  // namespace

TEST(JsonWriter, PutsCommasAndColonsBetweenMembersAndItems) {
    JsonWriter out;
    out.beginObject()
        .member("id", "job_1")
        .member("count", 3)
        .member("ok", true)
        .key("missing")
        .null()
        .key("steps")
        .beginArray()
        .beginObject()
        .member("name", "research")
        .endObject()
        .beginObject()
        .endObject()
        .value(7)
        .endArray()
        .key("empty")
        .beginArray()
        .endArray()
        .endObject();
    EXPECT_EQ(out.text(), R"({"id":"job_1","count":3,"ok":true,"missing":null,)"
                          R"("steps":[{"name":"research"},{},7],"empty":[]})");
    EXPECT_NO_THROW(parsed(out.text()));
}

TEST(JsonWriter, EscapesWhatJsonRequiresAndKeepsUtf8AsItIs) {
    const std::string nasty = "quote \" backslash \\ newline \n tab \t bell \x07 nul " +
                              std::string(1, '\0') + " unicode \xE2\x9C\x85 end";
    JsonWriter out;
    out.beginObject().member("text", nasty).endObject();
    EXPECT_NE(out.text().find("\\u0007"), std::string::npos);
    EXPECT_NE(out.text().find("\\u0000"), std::string::npos);
    EXPECT_NE(out.text().find("\xE2\x9C\x85"), std::string::npos);
    auto back = parsed(out.text()).extract<Poco::JSON::Object::Ptr>();
    EXPECT_EQ(back->getValue<std::string>("text"), nasty);
}

TEST(JsonWriter, AByteThatIsNotUtf8BecomesItsHexText) {
    JsonWriter out;
    out.beginArray().value(std::string("caf\xE9")).endArray();
    auto back = parsed(out.text()).extract<Poco::JSON::Array::Ptr>();
    EXPECT_EQ(back->getElement<std::string>(0), "caf\\xE9");
}

TEST(JsonWriter, NumbersAndOptionals) {
    JsonWriter out;
    out.beginArray()
        .value(std::int64_t{1'750'000'000'000})
        .value(-1)
        .value(0.25)
        .value(std::numeric_limits<double>::quiet_NaN())
        .value(std::optional<std::int64_t>())
        .value(std::optional<std::string>("x"))
        .raw(R"({"stored":[1,2]})")
        .endArray();
    EXPECT_EQ(out.text(), R"([1750000000000,-1,0.25,null,null,"x",{"stored":[1,2]}])");
}
