// "See it before it goes out" end to end (docs/outreach.md, Previews and test messages): the
// API's and lodestonectl's preview of a step is what the SMTP server (aiosmtpd on 127.0.0.1) then
// receives for that prospect, and a test message sent with lodestonectl arrives marked [test]
// without counting as any of the campaign's emails.
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "EmailSupport.hpp"

namespace lodestone::test {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

Poco::JSON::Object::Ptr parsed(const std::string& json) {
    return Poco::JSON::Parser().parse(json).extract<Poco::JSON::Object::Ptr>();
}

std::string text(const Poco::JSON::Object::Ptr& json) {
    std::ostringstream out;
    json->stringify(out);
    return out.str();
}

std::string decodedSubject(const ReceivedMessage& message) {
    auto subjects = message.decoded()->getObject("headers")->getArray("subject");
    return subjects && subjects->size() == 1 ? subjects->getElement<std::string>(0) : "";
}

// A body with SMTP's line ends (CRLF, and the one a body ends with) taken back to the
// template's, so that bodies compare by what a reader sees.
std::string lines(std::string body) {
    std::erase(body, '\r');
    while (body.ends_with('\n')) body.pop_back();
    return body;
}

// The decoded content of the message's part of that type ("text/plain", "text/html").
std::string part(const ReceivedMessage& message, const std::string& contentType) {
    auto parts = message.decoded()->getArray("parts");
    for (std::size_t i = 0; parts && i < parts->size(); ++i) {
        auto one = parts->getObject(static_cast<unsigned>(i));
        if (one->getValue<std::string>("contentType") == contentType) {
            return lines(one->getValue<std::string>("content"));
        }
    }
    return "";
}

class EmailPreview : public ::testing::Test {
  protected:
    // POST /api/campaigns/{campaign}/preview with `body`.
    HttpReply previewReply(const std::string& campaign, const std::string& body) {
        return daemon_.engine().post(
            "/api/campaigns/" + daemon_.engine().campaignId(campaign) + "/preview", body);
    }
    Poco::JSON::Object::Ptr preview(const std::string& campaign, const std::string& prospectId,
                                    int step) {
        auto reply = previewReply(campaign, R"({"prospectId":")" + prospectId + R"(","step":)" +
                                                std::to_string(step) + "}");
        EXPECT_EQ(reply.status, 200) << reply.body;
        auto body = parsed(reply.body);
        EXPECT_TRUE(body->getValue<bool>("success"));
        return body->getObject("preview");
    }

    // lodestonectl on the daemon's own config.
    Completed ctl(std::vector<std::string> args) {
        args.insert(args.begin(), {"--config", daemon_.engine().configPath().string()});
        return runToCompletion(LODESTONECTL_PATH, args);
    }

    // What must not move when a test message is sent: the prospect's emails and status, the
    // campaign's sending day, and the emails counted in /metrics.
    std::string counters(const std::string& campaign, const std::string& prospectId) {
        auto prospect = daemon_.prospect(campaign, prospectId);
        const auto campaignId = daemon_.engine().campaignId(campaign);
        std::string all =
            prospect->getValue<std::string>("status") + "\n" +
            text(Poco::JSON::Object::Ptr(prospect)) + "\n" +
            daemon_.engine().backdoor().text(
                "SELECT COALESCE(MAX(sends), 0) || '/' || COUNT(*) FROM "
                "campaign_sending_days WHERE campaign_id = '" +
                campaignId + "'") +
            "\n" +
            std::to_string(daemon_.engine().backdoor().count("SELECT COUNT(*) FROM email_sends"));
        std::istringstream metrics(daemon_.engine().daemon().get("/metrics").body);
        for (std::string line; std::getline(metrics, line);) {
            if (line.starts_with("lodestone_emails_total") ||
                line.starts_with("lodestone_retries_total")) {
                all += "\n" + line;
            }
        }
        return all;
    }

    EmailDaemon daemon_;
};

TEST_F(EmailPreview, ThePreviewIsWhatTheServerReceives) {
    auto id = daemon_.addLead("Fast", "zoe@aerzte.example", "Zoë Müller", "Ärzte <Nord> & Co");
    const auto early = preview("Fast", id, 1);
    auto messages = daemon_.waitForMessagesTo("zoe@aerzte.example", 3);
    ASSERT_EQ(messages.size(), 3u);
    daemon_.waitForStatus("Fast", id, "completed");

    for (int step = 1; step <= 3; ++step) {
        const auto& message = messages[static_cast<std::size_t>(step - 1)];
        auto shown = preview("Fast", id, step);
        SCOPED_TRACE("step " + std::to_string(step));
        EXPECT_EQ(shown->getValue<int>("step"), step);
        EXPECT_EQ(decodedSubject(message), shown->getValue<std::string>("subject"));
        EXPECT_EQ(part(message, "text/plain"), lines(shown->getValue<std::string>("text")));
        if (shown->isNull("html")) {
            EXPECT_EQ(part(message, "text/html"), "");
        } else {
            EXPECT_EQ(part(message, "text/html"), lines(shown->getValue<std::string>("html")));
        }
        auto decoded = message.decoded();
        for (const char* who : {"from", "to"}) {
            EXPECT_EQ(decoded->getObject(who)->getValue<std::string>("address"),
                      shown->getObject(who)->getValue<std::string>("address"));
            EXPECT_EQ(decoded->getObject(who)->getValue<std::string>("name"),
                      shown->getObject(who)->getValue<std::string>("name"));
        }
        auto headers = shown->getObject("headers");
        for (const char* name : {"Reply-To", "List-Unsubscribe", "List-Unsubscribe-Post"}) {
            EXPECT_EQ(message.header(name), headers->getValue<std::string>(name)) << name;
        }
        // Scheduled by now: the Message-ID is the one it went out with.
        EXPECT_EQ(message.header("Message-ID"), shown->getValue<std::string>("messageId"));
        EXPECT_EQ(headers->getValue<std::string>("Message-ID"),
                  shown->getValue<std::string>("messageId"));
        EXPECT_TRUE(shown->isNull("waiting"));
    }
    // Taken before the email went out (or while it did): the same message, the Message-ID aside.
    auto first = preview("Fast", id, 1);
    for (const char* field : {"subject", "text", "html", "replyTo"}) {
        EXPECT_EQ(early->getValue<std::string>(field), first->getValue<std::string>(field))
            << field;
    }

    // lodestonectl shows the same, as the API's `preview` object with --json.
    auto json = ctl({"campaign", "preview", daemon_.engine().campaignId("Fast"), "--prospect", id,
                     "--step", "1", "--json"});
    EXPECT_EQ(json.status.code, 0) << json.errors;
    EXPECT_EQ(text(parsed(json.output)), text(first));
    auto human =
        ctl({"campaign", "preview", daemon_.engine().campaignId("Fast"), "--prospect", id});
    EXPECT_EQ(human.status.code, 0) << human.errors;
    EXPECT_THAT(human.output, HasSubstr("From: Ada at Acme <ada@acme.example>\n"));
    EXPECT_THAT(human.output,
                HasSubstr("Subject: " + first->getValue<std::string>("subject") + "\n"));
    EXPECT_THAT(human.output, HasSubstr("--- html ---\n" + first->getValue<std::string>("html")));
}

TEST_F(EmailPreview, RefusalsNameTheFieldOrWhatIsMissing) {
    auto id = daemon_.addLead("Slow", "ann@initech.example");
    struct Case {
        std::string campaign, body;
        int status;
        std::string error;
    };
    const std::vector<Case> cases{
        {"Slow", "{}", 400, R"("missingFields":["prospectId"],"invalidFields":[])"},
        {"Slow", R"({"prospectId":7})", 400, R"("invalidFields":["prospectId"])"},
        {"Slow", R"({"prospectId":")" + id + R"(","step":"2"})", 400,
         R"("invalidFields":["step"])"},
        {"Slow", R"({"prospectId":")" + id + R"(","step":0})", 400, R"("invalidFields":["step"])"},
        {"Slow", R"({"prospectId":")" + id + R"(","step":3})", 400, "sequence has 2 steps (1-2)"},
        {"Slow", R"({"prospectId":"prospect_nobody"})", 404, R"({"error":"Prospect not found"})"},
        {"Fast", R"({"prospectId":")" + id + R"("})", 404, R"({"error":"Prospect not found"})"},
    };
    for (const auto& c : cases) {
        auto reply = previewReply(c.campaign, c.body);
        EXPECT_EQ(reply.status, c.status) << c.body << ": " << reply.body;
        EXPECT_THAT(reply.body, HasSubstr(c.error)) << c.body;
    }
    auto unknown = daemon_.engine().post("/api/campaigns/campaign_nobody/preview",
                                         R"({"prospectId":")" + id + R"("})");
    EXPECT_EQ(unknown.status, 404);
    EXPECT_EQ(unknown.body, R"({"error":"Campaign not found"})");

    // A campaign without a sequence has nothing to preview.
    auto org = daemon_.engine().factory().organisationNamed("Engine");
    auto silent = daemon_.engine().factory().campaign(org, {.name = "Silent"});
    auto someone = daemon_.engine().factory().prospect(silent);
    auto none = daemon_.engine().post("/api/campaigns/" + silent.id + "/preview",
                                      R"({"prospectId":")" + someone.id + R"("})");
    EXPECT_EQ(none.status, 409) << none.body;
    EXPECT_THAT(none.body, HasSubstr("has no email sequence"));

    // lodestonectl: a message and exit code 1 (64 for a command line that is wrong).
    const auto slow = daemon_.engine().campaignId("Slow");
    const std::vector<std::pair<std::vector<std::string>, std::string>> failures{
        {{"campaign", "preview", "campaign_nobody", "--prospect", id}, "no campaign"},
        {{"campaign", "preview", slow, "--prospect", "prospect_nobody"}, "no prospect"},
        {{"campaign", "preview", slow, "--prospect", someone.id}, "is not in campaign " + slow},
        {{"campaign", "preview", slow, "--prospect", id, "--step", "3"}, "out of range"},
        {{"campaign", "preview", silent.id, "--prospect", someone.id}, "has no email sequence"},
    };
    for (const auto& [args, message] : failures) {
        auto outcome = ctl(args);
        EXPECT_EQ(outcome.status.code, 1) << outcome.output;
        EXPECT_THAT(outcome.errors, HasSubstr(message));
    }
    auto usage = ctl({"campaign", "preview", slow, "--prospect", id, "--step", "two"});
    EXPECT_EQ(usage.status.code, 64) << usage.errors;
    EXPECT_EQ(ctl({"campaign", "preview", slow}).status.code, 64) << "--prospect is required";
}

TEST_F(EmailPreview, ATestMessageArrivesMarkedAndCountsForNothing) {
    auto id = daemon_.addLead("Slow", "bob@initech.example");
    daemon_.waitForMessagesTo("bob@initech.example", 1);
    daemon_.waitForStatus("Slow", id, "in_sequence");
    const auto before = counters("Slow", id);
    const auto second = preview("Slow", id, 2);

    auto sent = ctl({"campaign", "test-send", daemon_.engine().campaignId("Slow"), "--to",
                     "ops@acme.example", "--prospect", id, "--step", "2", "--json"});
    ASSERT_EQ(sent.status.code, 0) << sent.errors;
    auto answer = parsed(sent.output);
    EXPECT_EQ(answer->getValue<std::string>("to"), "ops@acme.example");
    EXPECT_EQ(answer->getValue<std::string>("prospectId"), id);
    auto tests = daemon_.waitForMessagesTo("ops@acme.example", 1);
    ASSERT_EQ(tests.size(), 1u);
    EXPECT_EQ(decodedSubject(tests[0]), "[test] " + second->getValue<std::string>("subject"));
    EXPECT_EQ(part(tests[0], "text/plain"), lines(second->getValue<std::string>("text")));
    EXPECT_EQ(tests[0].header("Message-ID"), answer->getValue<std::string>("messageId"));
    EXPECT_THAT(tests[0].header("Message-ID"), StartsWith("<test-"));
    EXPECT_NE(tests[0].header("Message-ID"), second->getValue<std::string>("messageId"));
    EXPECT_EQ(tests[0].mailFrom, "ada@acme.example");

    EXPECT_EQ(counters("Slow", id), before);
    EXPECT_EQ(daemon_.messagesTo("bob@initech.example").size(), 1u) << "the prospect got no more";

    // Nobody named: the campaign's newest prospect; before it has any, a made-up sample.
    auto org = daemon_.engine().factory().organisationNamed("Engine");
    auto fresh = daemon_.engine().factory().campaign(
        org, {.name = "Fresh", .sequenceJson = R"({"from": {"address": "ada@acme.example"},
              "steps": [{"subject": "Hi {{firstName}}", "text": "For {{companyName}}"}]})"});
    auto sample = ctl({"campaign", "test-send", fresh.id, "--to", "sample@acme.example"});
    ASSERT_EQ(sample.status.code, 0) << sample.errors;
    EXPECT_THAT(sample.output, HasSubstr("a sample prospect (Ada Lovelace)"));
    auto samples = daemon_.waitForMessagesTo("sample@acme.example", 1);
    ASSERT_EQ(samples.size(), 1u);
    EXPECT_EQ(decodedSubject(samples[0]), "[test] Hi Ada");

    auto refused = ctl({"campaign", "test-send", fresh.id, "--to", "not-an-address"});
    EXPECT_EQ(refused.status.code, 1);
    EXPECT_THAT(refused.errors, HasSubstr("the test address \"not-an-address\""));
}

}  // namespace
}  // namespace lodestone::test
