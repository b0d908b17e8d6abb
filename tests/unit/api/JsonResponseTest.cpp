#include <Poco/JSON/Parser.h>
#include <gtest/gtest.h>

#include "api/JsonResponse.hpp"
#include "domain/Utf8Text.hpp"

using namespace lodestone;

// Whatever a message quotes, the answer is UTF-8 and JSON, and says which bytes were bad.
TEST(JsonResponse, ABodyQuotingAStrayByteIsStillUtf8AndJson) {
    Poco::JSON::Object body;
    body.set("error", std::string("unexpected byte '\xEF' in value; \xC3 and \xE2\x82 too"));
    body.set("fine", std::string("Zoë \xF0\x9F\x9A\x80"));
    const std::string text = api::jsonText(body);
    EXPECT_EQ(domain::firstInvalidUtf8(text), domain::kNoInvalidUtf8) << text;
    auto parsed = Poco::JSON::Parser().parse(text).extract<Poco::JSON::Object::Ptr>();
    EXPECT_EQ(parsed->getValue<std::string>("error"),
              "unexpected byte '\\xEF' in value; \\xC3 and \\xE2\\x82 too");
    EXPECT_EQ(parsed->getValue<std::string>("fine"), "Zoë \xF0\x9F\x9A\x80");
}

TEST(JsonResponse, WellFormedBodiesAreSentAsPocoWritesThem) {
    Poco::JSON::Object body(Poco::JSON_PRESERVE_KEY_ORDER);
    body.set("error", std::string("a \\xEF that was typed, \"quoted\""));
    body.set("n", 3);
    EXPECT_EQ(api::jsonText(body), R"({"error":"a \\xEF that was typed, \"quoted\"","n":3})");
}
