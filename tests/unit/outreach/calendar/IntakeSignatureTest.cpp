// The signatures Cal.com and Calendly put on their reports: good ones pass; a wrong secret, a
// changed body, a missing header and (for Calendly) a stale or replayed signing time do not.
#include <gtest/gtest.h>

#include "CalendarFixtures.hpp"
#include "outreach/calendar/IntakeSignature.hpp"

namespace lodestone::outreach::calendar {
namespace {

constexpr std::string_view kSecret = "9f2c41d7e8a3b6c5d4e7f8a9b0c1d2e3";
constexpr std::int64_t kNow = 1'795'600'000;

std::string refusal(const std::function<void()>& verify) {
    try {
        verify();
    } catch (const SignatureRefused& e) {
        return e.what();
    }
    return "accepted";
}

TEST(CalcomSignature, IsTheHexHmacOfTheBody) {
    // RFC 4231 test case 2: HMAC-SHA256 with key "Jefe".
    EXPECT_EQ(calcomSignature("Jefe", "what do ya want for nothing?"),
              "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    const auto body = test::calendarFixture("calcom-booking-created.json");
    EXPECT_EQ(
        refusal([&] { verifyCalcomSignature(kSecret, calcomSignature(kSecret, body), body); }),
        "accepted");
    // Hex in capitals is the same signature.
    std::string upper = calcomSignature(kSecret, body);
    for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    EXPECT_EQ(refusal([&] { verifyCalcomSignature(kSecret, upper, body); }), "accepted");
}

TEST(CalcomSignature, AWrongSecretAChangedBodyOrNoSignatureIsRefused) {
    const auto body = test::calendarFixture("calcom-booking-created.json");
    const auto signature = calcomSignature(kSecret, body);
    EXPECT_NE(refusal([&] {
                  verifyCalcomSignature("another-secret-entirely", signature, body);
              }).find("does not match the body"),
              std::string::npos);
    std::string changed = body;
    changed.replace(changed.find("10:30"), 5, "11:30");
    EXPECT_NE(refusal([&] {
                  verifyCalcomSignature(kSecret, signature, changed);
              }).find("does not match the body"),
              std::string::npos);
    EXPECT_NE(refusal([&] {
                  verifyCalcomSignature(kSecret, std::nullopt, body);
              }).find("has no X-Cal-Signature-256 header"),
              std::string::npos);
    // What Cal.com sends when its webhook has no secret.
    EXPECT_NE(refusal([&] {
                  verifyCalcomSignature(kSecret, "no-secret-provided", body);
              }).find("has no X-Cal-Signature-256 header"),
              std::string::npos);
}

TEST(CalendlySignature, IsTheHexHmacOfTimeAndBodyWithinThreeMinutes) {
    const auto body = test::calendarFixture("calendly-invitee-created.json");
    EXPECT_EQ(calendlySignature("Jefe", "what do ya want for nothing?", 7).substr(0, 7), "t=7,v1=");
    for (std::int64_t skew : {0, 180, -180}) {
        EXPECT_EQ(refusal([&] {
                      verifyCalendlySignature(
                          kSecret, calendlySignature(kSecret, body, kNow + skew), body, kNow);
                  }),
                  "accepted")
            << skew;
    }
    // Several v1 values (Calendly rolling a key) pass when one matches.
    const auto good = calendlySignature(kSecret, body, kNow);
    const auto header = "t=" + std::to_string(kNow) + ",v1=00ff," + good.substr(good.find("v1="));
    EXPECT_EQ(refusal([&] { verifyCalendlySignature(kSecret, header, body, kNow); }), "accepted");
}

TEST(CalendlySignature, AStaleOrReplayedOrWrongSignatureIsRefused) {
    const auto body = test::calendarFixture("calendly-invitee-created.json");
    EXPECT_NE(refusal([&] {
                  verifyCalendlySignature(kSecret, calendlySignature(kSecret, body, kNow - 181),
                                          body, kNow);
              }).find("181 seconds from this host's clock"),
              std::string::npos);
    EXPECT_NE(refusal([&] {
                  verifyCalendlySignature(kSecret, calendlySignature(kSecret, body, kNow + 600),
                                          body, kNow);
              }).find("-600 seconds"),
              std::string::npos);
    // A captured request replayed with a fresh time: the signature covers the time.
    const auto captured = calendlySignature(kSecret, body, kNow - 3600);
    const auto replayed = "t=" + std::to_string(kNow) + captured.substr(captured.find(','));
    EXPECT_NE(refusal([&] {
                  verifyCalendlySignature(kSecret, replayed, body, kNow);
              }).find("does not match the body"),
              std::string::npos);
    EXPECT_NE(refusal([&] {
                  verifyCalendlySignature("another-secret-entirely",
                                          calendlySignature(kSecret, body, kNow), body, kNow);
              }).find("does not match the body"),
              std::string::npos);
    for (const char* malformed : {"", "v1=abc", "t=12", "t=soon,v1=abc", "garbage"}) {
        EXPECT_NE(refusal([&] {
                      verifyCalendlySignature(kSecret,
                                              std::string(malformed).empty()
                                                  ? std::nullopt
                                                  : std::optional<std::string>(malformed),
                                              body, kNow);
                  }),
                  "accepted")
            << malformed;
    }
}

}  // namespace
}  // namespace lodestone::outreach::calendar
