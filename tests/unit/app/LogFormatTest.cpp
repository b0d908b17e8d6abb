// Log lines as fields an operator can grep and a collector can parse: key=value or JSON, the
// message's own fields, the request id, and the journal's priority prefix.
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Message.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "app/LogFormat.hpp"
#include "domain/RequestId.hpp"

using namespace lodestone;
using Format = config::LoggingConfig::Format;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::StartsWith;

namespace {

std::string formatted(const Poco::Message& message, Format format, bool journal = false) {
    app::LogLineFormatter formatter(format, journal);
    std::string text;
    formatter.format(message, text);
    return text;
}

}  // namespace

TEST(LogFormat, TextIsKeyValueWithQuotedAndEscapedValues) {
    Poco::Message message("lodestone.http", "listening on \"x\"=1\nnext",
                          Poco::Message::PRIO_WARNING);
    const auto line = formatted(message, Format::Text);
    EXPECT_THAT(line, MatchesRegex(R"(ts=[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z level=warning )"
                                   R"(logger=lodestone\.http msg=".*")"));
    EXPECT_THAT(line, HasSubstr(R"(msg="listening on \"x\"=1\nnext")"));
    EXPECT_EQ(line.find('\n'), std::string::npos) << "one line per message";
    Poco::Message plain("lodestone.work", "stopped", Poco::Message::PRIO_INFORMATION);
    EXPECT_THAT(formatted(plain, Format::Text),
                HasSubstr("level=info logger=lodestone.work msg=stopped"));
}

TEST(LogFormat, JsonIsOneObjectPerLineWithTheMessagesFieldsAndRequestId) {
    Poco::Message message("lodestone.access", "request", Poco::Message::PRIO_INFORMATION);
    message.set("method", "GET");
    message.set("path", "/api/x \"y\"");
    message.set("status", "200");
    const domain::RequestIdScope scope("req-42");
    const auto line = formatted(message, Format::Json);
    auto object = Poco::JSON::Parser().parse(line).extract<Poco::JSON::Object::Ptr>();
    EXPECT_EQ(object->getValue<std::string>("level"), "info");
    EXPECT_EQ(object->getValue<std::string>("logger"), "lodestone.access");
    EXPECT_EQ(object->getValue<std::string>("msg"), "request");
    EXPECT_EQ(object->getValue<std::string>("method"), "GET");
    EXPECT_EQ(object->getValue<std::string>("path"), "/api/x \"y\"");
    EXPECT_EQ(object->getValue<std::string>("status"), "200");
    EXPECT_EQ(object->getValue<std::string>("request_id"), "req-42");
}

// A client's stray byte quoted in a message must not make the line invalid JSON for a collector.
TEST(LogFormat, AJsonLineStaysValidWhenAMessageQuotesBytesThatAreNotUtf8) {
    Poco::Message message("lodestone.api", "bad name \"caf\xE9\"\tend",
                          Poco::Message::PRIO_WARNING);
    const auto line = formatted(message, Format::Json);
    auto object = Poco::JSON::Parser().parse(line).extract<Poco::JSON::Object::Ptr>();
    EXPECT_EQ(object->getValue<std::string>("msg"), "bad name \"caf\\xE9\"\tend");
}

TEST(LogFormat, TheRequestIdAppearsOnlyWhileARequestIsHandled) {
    Poco::Message message("lodestone.api", "x", Poco::Message::PRIO_ERROR);
    {
        const domain::RequestIdScope scope("abc");
        EXPECT_THAT(formatted(message, Format::Text), HasSubstr(" request_id=abc"));
    }
    EXPECT_THAT(formatted(message, Format::Text), ::testing::Not(HasSubstr("request_id")));
}

TEST(LogFormat, TheJournalGetsASyslogPriorityPrefix) {
    EXPECT_THAT(formatted(Poco::Message("s", "t", Poco::Message::PRIO_ERROR), Format::Text, true),
                StartsWith("<3>ts="));
    EXPECT_THAT(formatted(Poco::Message("s", "t", Poco::Message::PRIO_WARNING), Format::Json, true),
                StartsWith("<4>{\"ts\":"));
    EXPECT_THAT(formatted(Poco::Message("s", "t", Poco::Message::PRIO_FATAL), Format::Text, true),
                StartsWith("<2>"));
    EXPECT_THAT(formatted(Poco::Message("s", "t", Poco::Message::PRIO_TRACE), Format::Text, true),
                StartsWith("<7>"));
}

TEST(RequestId, AClientsWellFormedIdIsKeptAndAnythingElseReplaced) {
    EXPECT_EQ(domain::requestIdFrom("trace-1.2:abc/DEF+="), "trace-1.2:abc/DEF+=");
    const auto fresh = domain::requestIdFrom("");
    EXPECT_THAT(fresh, MatchesRegex("[0-9a-f]{24}"));
    EXPECT_NE(domain::requestIdFrom(""), fresh);
    EXPECT_THAT(domain::requestIdFrom("bad id\r\nX: 1"), MatchesRegex("[0-9a-f]{24}"));
    EXPECT_THAT(domain::requestIdFrom(std::string(129, 'a')), MatchesRegex("[0-9a-f]{24}"));
}
