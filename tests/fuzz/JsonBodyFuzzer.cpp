// libFuzzer target: the bytes of a POST body through everything that reads one before anything is
// stored — api::parseJsonBody, then the checks of Generate Lead Magnet (the default schema and one
// with a field of every type), Add Lead and a meeting booking.
//
// Each input must end as a checked request or as a refusal the route turns into a 400: an
// ApiError (status 400) whose message is well-formed UTF-8 and whose answer is JSON, or a field
// error of the route's own type. Anything else is a finding: an exception of another type (the
// client would get a 500), a crash, a sanitizer report, a leak, a hang.
#include <Poco/JSON/Parser.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "api/ApiError.hpp"
#include "api/JsonResponse.hpp"
#include "api/RequestBody.hpp"
#include "domain/ProjectSchema.hpp"
#include "domain/Utf8Text.hpp"
#include "leadmagnet/ProjectLeadFields.hpp"
#include "outreach/CampaignLeads.hpp"
#include "outreach/Meetings.hpp"

namespace {

using namespace lodestone;

[[noreturn]] void finding(const std::string& what, const std::string& text) {
    std::fprintf(stderr, "json_body fuzzer: %s: %s\n", what.c_str(),
                 domain::escapeInvalidUtf8(text).c_str());
    std::abort();
}

// What a client is told must be UTF-8 in itself (not only once the response escapes it).
void checkMessage(const std::string& message) {
    if (domain::firstInvalidUtf8(message) != domain::kNoInvalidUtf8) {
        finding("a message that is not UTF-8", message);
    }
}

void checkRefusal(const api::ApiError& refusal) {
    if (refusal.status() != 400)
        finding("status " + std::to_string(refusal.status()), refusal.what());
    checkMessage(refusal.what());
    const std::string answer = api::jsonText(*refusal.body());
    if (domain::firstInvalidUtf8(answer) != domain::kNoInvalidUtf8) {
        finding("an answer that is not UTF-8", answer);
    }
    try {
        Poco::JSON::Parser().parse(answer);
    } catch (const Poco::Exception& e) {
        finding("an answer that is not JSON (" + e.message() + ")", answer);
    }
}

// A schema with a required field of every type, so each check runs on whatever the body holds.
const domain::ProjectSchema& everyType() {
    static const domain::ProjectSchema schema({
        domain::FieldSpec{"email", domain::FieldType::Email, true, "Email", ""},
        domain::FieldSpec{"fullName", domain::FieldType::String, true, "Full name", ""},
        domain::FieldSpec{"website", domain::FieldType::Url, true, "Website", ""},
        domain::FieldSpec{"customFields", domain::FieldType::Json, true, "Custom fields", ""},
    });
    return schema;
}

void checkRoutes(const Poco::JSON::Object& body) {
    static const domain::ProjectSchema defaults = domain::ProjectSchema::defaults();
    for (const auto* schema : {&defaults, &everyType()}) {
        auto lead = leadmagnet::checkProjectLeadFields(*schema, body);
        for (const auto& name : lead.invalidFields) checkMessage(name);
        for (const auto& name : lead.missingFields) checkMessage(name);
    }
    try {
        // A fixed year keeps each input's outcome the same from one run to the next.
        outreach::readCampaignLead(body, 2026);
    } catch (const outreach::CampaignLeadError& refusal) {
        checkMessage(refusal.what());
        for (const auto& [path, why] : refusal.reasons()) checkMessage(path + why);
    }
    try {
        outreach::readMeetingRequest(body);
    } catch (const outreach::InvalidMeeting& refusal) {
        checkMessage(refusal.what());
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view raw(reinterpret_cast<const char*>(data), size);
    Poco::JSON::Object::Ptr body;
    try {
        body = api::parseJsonBody(raw);
    } catch (const api::ApiError& refusal) {
        checkRefusal(refusal);
        return 0;
    }
    checkRoutes(*body);
    return 0;
}
