#include "webhooks/AttemptRequest.hpp"

#include <Poco/DateTimeFormatter.h>
#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Timestamp.h>

#include <sstream>
#include <stdexcept>

#include "webhooks/Signature.hpp"

namespace lodestone::webhooks {
namespace {

Poco::JSON::Object::Ptr storedPayload(const domain::WebhookDelivery& delivery) {
    try {
        // Key order is kept so that receivers see the spec's field order.
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
        auto parsed = parser.parse(delivery.payloadJson);
        auto object = parsed.extract<Poco::JSON::Object::Ptr>();
        if (object) return object;
    } catch (const Poco::Exception&) {
    }
    throw std::runtime_error("the stored payload of delivery " + delivery.id +
                             " is not a JSON object");
}

}  // namespace

std::string isoUtc(domain::Timestamp ms) {
    return Poco::DateTimeFormatter::format(Poco::Timestamp(ms * 1000), "%Y-%m-%dT%H:%M:%S.%iZ");
}

AttemptRequest buildAttemptRequest(const domain::WebhookDelivery& delivery,
                                   const domain::Campaign& campaign, const std::string& url,
                                   domain::Timestamp nowMs) {
    auto payload = storedPayload(delivery);
    payload->set("timestamp", isoUtc(nowMs));
    std::ostringstream body;
    payload->stringify(body);

    AttemptRequest request;
    request.url = url;
    request.body = body.str();
    const std::int64_t seconds = nowMs / 1000;
    request.headers = {
        {"Content-Type", "application/json"},
        {"webhook-id", delivery.id},
        {"webhook-timestamp", std::to_string(seconds)},
        {"webhook-signature", signatureHeader(campaign, nowMs, delivery.id, seconds, request.body)},
    };
    return request;
}

std::string AttemptRequest::pluginInput(const domain::WebhookDelivery& delivery) const {
    Poco::JSON::Object input(Poco::JSON_PRESERVE_KEY_ORDER);
    input.set("deliveryId", delivery.id);
    input.set("event", delivery.event);
    input.set("attempt", delivery.attemptCount);
    input.set("url", url);
    Poco::JSON::Object::Ptr headerObject = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    for (const auto& [name, value] : headers) headerObject->set(name, value);
    input.set("headers", headerObject);
    input.set("body", body);
    std::ostringstream text;
    input.stringify(text);
    return text.str();
}

}  // namespace lodestone::webhooks
