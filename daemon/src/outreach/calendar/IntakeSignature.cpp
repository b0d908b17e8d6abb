#include "outreach/calendar/IntakeSignature.hpp"

#include <Poco/DigestEngine.h>
#include <Poco/NumberParser.h>
#include <Poco/String.h>
#include <Poco/StringTokenizer.h>

#include <vector>

#include "domain/Secrets.hpp"

namespace lodestone::outreach::calendar {
namespace {

std::string hexHmac(std::string_view secret, std::string_view message) {
    return Poco::DigestEngine::digestToHex(domain::hmacSha256(secret, message));
}

}  // namespace

std::string calcomSignature(std::string_view secret, std::string_view body) {
    return hexHmac(secret, body);
}

std::string calendlySignature(std::string_view secret, std::string_view body,
                              std::int64_t timestampSeconds) {
    const std::string stamp = std::to_string(timestampSeconds);
    return "t=" + stamp + ",v1=" + hexHmac(secret, stamp + "." + std::string(body));
}

void verifyCalcomSignature(std::string_view secret, const std::optional<std::string>& header,
                           std::string_view body) {
    // Cal.com sends "no-secret-provided" when its webhook has no secret set.
    if (!header || header->empty() || *header == "no-secret-provided") {
        throw SignatureRefused(
            "the request has no X-Cal-Signature-256 header: set the Cal.com webhook's secret to "
            "this campaign's intake secret (lodestonectl campaign show ID)");
    }
    if (!domain::constantTimeEquals(Poco::toLower(Poco::trim(*header)),
                                    calcomSignature(secret, body))) {
        throw SignatureRefused(
            "X-Cal-Signature-256 does not match the body: the Cal.com webhook's secret is not "
            "this campaign's intake secret, or the body was changed on the way");
    }
}

void verifyCalendlySignature(std::string_view secret, const std::optional<std::string>& header,
                             std::string_view body, std::int64_t nowSeconds) {
    if (!header || header->empty()) {
        throw SignatureRefused(
            "the request has no Calendly-Webhook-Signature header: create the Calendly webhook "
            "subscription with this campaign's intake secret as its signing_key");
    }
    std::optional<std::string> stamp;
    std::vector<std::string> signatures;
    Poco::StringTokenizer parts(
        *header, ",", Poco::StringTokenizer::TOK_TRIM | Poco::StringTokenizer::TOK_IGNORE_EMPTY);
    for (const auto& part : parts) {
        const auto equals = part.find('=');
        if (equals == std::string::npos) continue;
        const auto name = part.substr(0, equals);
        if (name == "t") stamp = part.substr(equals + 1);
        if (name == "v1") signatures.push_back(Poco::toLower(part.substr(equals + 1)));
    }
    Poco::Int64 seconds = 0;
    // Seconds since 1970 before the year 10000: nothing later is a real signing time, and the
    // bound keeps the clock arithmetic below from overflowing.
    constexpr Poco::Int64 kLatestSecond = 253'402'300'799;
    if (!stamp || signatures.empty() || !Poco::NumberParser::tryParse64(*stamp, seconds) ||
        seconds < 0 || seconds > kLatestSecond) {
        throw SignatureRefused("Calendly-Webhook-Signature must be t=SECONDS,v1=SIGNATURE");
    }
    const std::string expected = hexHmac(secret, *stamp + "." + std::string(body));
    bool matches = false;
    for (const auto& signature : signatures) {
        matches = domain::constantTimeEquals(signature, expected) || matches;
    }
    if (!matches) {
        throw SignatureRefused(
            "Calendly-Webhook-Signature does not match the body: the subscription's signing_key "
            "is not this campaign's intake secret, or the body was changed on the way");
    }
    const auto off = nowSeconds - seconds;
    if (off > kCalendlyTolerance.count() || -off > kCalendlyTolerance.count()) {
        throw SignatureRefused("Calendly signed this request " + std::to_string(off) +
                               " seconds from this host's clock, more than the " +
                               std::to_string(kCalendlyTolerance.count()) +
                               " allowed: a replay, or a clock that is off");
    }
}

}  // namespace lodestone::outreach::calendar
