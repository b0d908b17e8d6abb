// Malformed and hostile JSON bodies on the POST routes, over real sockets: every one gets a clear
// 4xx (or is accepted when it is acceptable) and the answer is UTF-8 and JSON. Bodies at the size
// limit of every costly shape are sent too; no time is asserted, the ctest timeout is the guard
// against a parser whose cost is not linear.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ApiSupport.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;

constexpr std::size_t kSizeLimit = 1024 * 1024;  // server.max_body_bytes by default

// An independent check that the answer is well-formed UTF-8 (RFC 3629).
bool isUtf8(const std::string& text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<std::uint8_t>(text[i]);
        std::size_t length = c < 0x80           ? 1
                             : (c >> 5) == 0x6  ? 2
                             : (c >> 4) == 0xE  ? 3
                             : (c >> 3) == 0x1E ? 4
                                                : 0;
        if (length == 0 || i + length > text.size()) return false;
        std::uint32_t point = length == 1 ? c : c & (0x7F >> length);
        for (std::size_t k = 1; k < length; ++k) {
            const auto next = static_cast<std::uint8_t>(text[i + k]);
            if ((next & 0xC0) != 0x80) return false;
            point = (point << 6) | (next & 0x3F);
        }
        const std::uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
        if (point < least[length] || point > 0x10FFFF || (point >= 0xD800 && point <= 0xDFFF)) {
            return false;
        }
        i += length;
    }
    return true;
}

// `count` members "<prefix>00001":0, ... (no braces), each of the same width.
std::string members(std::size_t count, const std::string& prefix = "key_") {
    std::string out;
    out.reserve(count * (prefix.size() + 12));
    for (std::size_t i = 0; i < count; ++i) {
        std::string number = std::to_string(100000 + i);
        out += (i ? ",\"" : "\"") + prefix + number + "\":0";
    }
    return out;
}

// As many members as fit between `opening` and `closing` in `size` bytes.
std::string filledWithKeys(const std::string& opening, const std::string& closing,
                           std::size_t size = kSizeLimit) {
    const std::size_t width = members(1).size() + 1;  // with its comma
    return opening + members((size - opening.size() - closing.size()) / width) + closing;
}

// `opening` + repeated `unit` (joined by commas) + `closing`, as long as fits in `size` bytes.
std::string filled(const std::string& opening, const std::string& unit, const std::string& closing,
                   std::size_t size = kSizeLimit) {
    std::string out = opening;
    const std::size_t room = size - opening.size() - closing.size();
    std::size_t used = 0;
    for (bool first = true; used + unit.size() + 1 <= room; first = false) {
        if (!first) out += ',';
        out += unit;
        used += unit.size() + (first ? 0 : 1);
    }
    return out + closing;
}

class JsonBodyApi : public ::testing::Test {
  protected:
    std::string generatePath() { return "/api/projects/" + api.projectId("Free") + "/generate"; }
    std::string leadsPath() { return "/api/campaigns/" + api.campaignId("Outbound") + "/leads"; }
    std::string meetingsPath() {
        return "/api/campaigns/" + api.campaignId("Outbound") + "/meetings";
    }

    // Posts `body` and checks the answer: the status, a UTF-8 JSON object, and (for a 4xx) an
    // error holding `says`. Returns the reply for more checks.
    ApiReply expect(const std::string& path, const std::string& body, int status,
                    const std::string& says = "") {
        auto reply = api.post(path, body);
        EXPECT_EQ(reply.status, status) << path << " " << body.substr(0, 120) << "\n"
                                        << reply.text.substr(0, 400);
        EXPECT_TRUE(isUtf8(reply.text)) << reply.text.substr(0, 400);
        EXPECT_TRUE(reply.json) << "not a JSON object: " << reply.text.substr(0, 400);
        if (reply.json && status >= 400) {
            EXPECT_THAT(reply.json->optValue<std::string>("error", ""), HasSubstr(says));
        }
        return reply;
    }

    ApiDaemon api;
};

// A valid Generate body with `extra` members added.
std::string lead(const std::string& extra) {
    return R"({"email":"ada@example.com","fullName":"Ada Lovelace")" +
           (extra.empty() ? "" : "," + extra) + "}";
}

// A valid Add Lead body with `extra` members added; `n` keeps emails apart.
std::string prospect(const std::string& extra, int n = 0) {
    return R"({"companyName":"Analytical Engines","contactName":"Ada Lovelace","email":"ada)" +
           std::to_string(n) + R"(@engines.example")" + (extra.empty() ? "" : "," + extra) + "}";
}

// --- Bodies at the size limit, of each costly shape ---------------------------------------------

struct Shape {
    std::string name;
    // The body, from the opening of a valid one with a comma to add members after.
    std::function<std::string(const std::string& opening)> body;
    int status;        // on Generate Lead Magnet; Add Lead answers 201 where this is 200
    std::string says;  // what the 400 says
};

std::vector<Shape> shapes() {
    return {
        {"many keys at the top",
         [](const std::string& opening) { return filledWithKeys(opening, "}"); }, 400,
         "one object may have at most 500"},
        {"many keys in customFields",
         [](const std::string& opening) {
             return filledWithKeys(opening + "\"customFields\":{", "}}");
         },
         400, "Too many keys in customFields"},
        {"deep nesting",
         [](const std::string& opening) {
             const std::size_t depth = (kSizeLimit - opening.size() - 8) / 2;
             return opening + "\"x\":" + std::string(depth, '[') + std::string(depth, ']') + "}";
         },
         400, "nested deeper than 64 levels"},
        {"one long string",
         [](const std::string& opening) {
             return opening + "\"padding\":\"" +
                    std::string(kSizeLimit - opening.size() - 16, 'x') + "\"}";
         },
         200, ""},
        {"many small arrays",
         [](const std::string& opening) { return filled(opening + "\"x\":[", "[]", "]}"); }, 400,
         "Too many array items"},
        {"many objects with the most keys each",
         [](const std::string& opening) {
             return filled(opening + "\"x\":[", "{" + members(500) + "}", "]}");
         },
         400, "Too many keys in the request body: at most 5000 in all"},
    };
}

TEST_F(JsonBodyApi, BodiesAtTheSizeLimitOfEveryShapeAreAnswered) {
    int n = 0;
    for (const auto& shape : shapes()) {
        SCOPED_TRACE(shape.name);
        const std::string generate = shape.body(R"({"email":"ada@example.com",)");
        ASSERT_LE(generate.size(), kSizeLimit);
        ASSERT_GT(generate.size(), kSizeLimit - 64 * 1024);
        expect(generatePath(), generate, shape.status, shape.says);

        std::string valid = prospect("", ++n);
        const std::string add = shape.body(valid.substr(0, valid.size() - 1) + ",");
        ASSERT_LE(add.size(), kSizeLimit);
        auto reply = expect(leadsPath(), add, shape.status == 200 ? 201 : shape.status, shape.says);
        if (shape.status == 200 && reply.json) {
            // The padding is an unknown field: not stored, and told back.
            EXPECT_EQ(reply.text.find("xxxx"), std::string::npos);
            EXPECT_THAT(reply.text, HasSubstr("\"ignoredFields\":[\"padding\"]"));
        }
    }
}

TEST_F(JsonBodyApi, ABodyAtTheKeyLimitsIsAccepted) {
    // 500 keys at the top (the limit of one object) and 500 in customFields.
    expect(generatePath(),
           lead(members(497, "extra_") + ",\"customFields\":{" + members(500) + "}"), 200);
}

// --- Each attack
// -----------------------------------------------------------------------------------

TEST_F(JsonBodyApi, SixtyThousandKeysAre400) {
    std::string body = lead(members(60000));
    ASSERT_LE(body.size(), kSizeLimit);
    expect(generatePath(), body, 400, "Too many keys in the request body");
    expect(leadsPath(), prospect(members(60000)), 400, "Too many keys in the request body");
    expect(meetingsPath(), "{" + members(60000) + "}", 400, "Too many keys in the request body");
}

TEST_F(JsonBodyApi, ThirtyThousandKeysInCustomFieldsAre400) {
    expect(generatePath(), lead("\"customFields\":{" + members(30000) + "}"), 400,
           "Too many keys in customFields");
    expect(leadsPath(), prospect("\"customData\":{" + members(30000) + "}"), 400,
           "Too many keys in customData");
}

TEST_F(JsonBodyApi, ANulInTextIs400NamingTheField) {
    expect(generatePath(), R"({"email":"ada@example.com","fullName":"a\u0000b"})", 400,
           "Control character U+0000 in fullName");
    expect(leadsPath(),
           R"({"companyName":"A","contactName":"a\u0000b","email":"ada@engines.example"})", 400,
           "Control character U+0000 in contactName");
    expect(leadsPath(), prospect(R"("company":{"technologies":["C++","Go\u0007"]})"), 400,
           "U+0007 in company.technologies[1]");
    expect(meetingsPath(),
           R"({"email":"ada@engines.example","scheduledAt":"2026-12-01T15:00:00Z","duration":30,)"
           R"("title":"Intro\u0000"})",
           400, "U+0000 in title");
    // Nothing was stored on the way.
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM leads"), 0);
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM prospects"), 0);
}

TEST_F(JsonBodyApi, TabsAndNewLinesInTextAreFine) {
    expect(leadsPath(), prospect(R"("notes":"line one\nline two\r\n\tindented")"), 201);
}

TEST_F(JsonBodyApi, AnInvalidByteIs400WithAUtf8JsonAnswerThatDoesNotEchoIt) {
    for (const std::string& path : {generatePath(), leadsPath(), meetingsPath()}) {
        auto reply = expect(path, "{\"email\":\"ada@example.com\",\"fullName\":\"\xEF\"}", 400,
                            "not valid UTF-8: the byte at offset 39 is \\xEF");
        EXPECT_EQ(reply.text.find('\xEF'), std::string::npos);
        // Outside a string too.
        expect(path, "{\"email\":\xEF}", 400, "offset 9 is \\xEF");
    }
}

TEST_F(JsonBodyApi, ALeadingByteOrderMarkIsIgnoredOnEveryRoute) {
    const std::string bom = "\xEF\xBB\xBF";
    expect(generatePath(), bom + lead(""), 200);
    expect(leadsPath(), bom + prospect(""), 201);
    // The prospect exists, so a booking gets past the body to the route's own checks.
    expect(meetingsPath(),
           bom + R"({"email":"ada0@engines.example","scheduledAt":)"
                 R"("2026-12-01T15:00:00Z","duration":30,"title":"Intro"})",
           201);
    // Elsewhere than at the start it is no JSON.
    expect(generatePath(), " " + bom + lead(""), 400, "not valid JSON");
}

TEST_F(JsonBodyApi, DuplicateKeysAre400NamingTheKey) {
    expect(generatePath(), R"({"email":"ada@example.com","fullName":"Ada","fullName":"Eve"})", 400,
           "Duplicate key \"fullName\" in the request body");
    expect(generatePath(), lead(R"("customFields":{"plan":"pro","plan":"free"})"), 400,
           "Duplicate key \"plan\" in customFields");
    expect(leadsPath(), prospect(R"("email":"eve@engines.example")"), 400,
           "Duplicate key \"email\" in the request body");
    expect(meetingsPath(),
           R"({"email":"a@b.example","email":"c@d.example","scheduledAt":"2026-12-01T15:00:00Z",)"
           R"("duration":30,"title":"x"})",
           400, "Duplicate key \"email\"");
    EXPECT_EQ(api.backdoor().count("SELECT COUNT(*) FROM leads"), 0);
}

TEST_F(JsonBodyApi, StoredCustomFieldsKeepTheOrderSent) {
    auto reply =
        expect(generatePath(), lead(R"("customFields":{"zeta":1,"alpha":2,"mid":3})"), 200);
    ASSERT_TRUE(reply.json);
    const std::string stored =
        api.backdoor().text("SELECT fields_json FROM leads WHERE id = '" +
                            reply.json->getValue<std::string>("leadId") + "'");
    EXPECT_THAT(stored, HasSubstr(R"({"zeta":1,"alpha":2,"mid":3})"));
}

}  // namespace
}  // namespace lodestone::test
