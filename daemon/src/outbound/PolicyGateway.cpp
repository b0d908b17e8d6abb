#include "outbound/PolicyGateway.hpp"

#include <Poco/Base64Encoder.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>
#include <Poco/String.h>

#include <algorithm>
#include <array>
#include <optional>
#include <sstream>
#include <string_view>

#include "domain/Utf8Text.hpp"
#include "plugins/RunControl.hpp"

namespace lodestone::outbound {
namespace {

using plugins::HttpRequestInvalid;

constexpr std::string_view kPrefix = "http_request: ";

HttpRequestInvalid invalid(const std::string& message) {
    return HttpRequestInvalid(std::string(kPrefix) + message);
}

bool isObject(const Poco::Dynamic::Var& value) {
    return value.type() == typeid(Poco::JSON::Object::Ptr);
}

// An optional string field: absent or null leaves `target` as it is.
void readString(const Poco::JSON::Object& object, const std::string& field, std::string& target) {
    if (!object.has(field) || object.isNull(field)) return;
    const Poco::Dynamic::Var value = object.get(field);
    if (!value.isString()) throw invalid("field \"" + field + "\" must be a string");
    target = value.extract<std::string>();
}

// An optional whole number from `minimum` up: absent or null is nothing.
std::optional<std::int64_t> readCount(const Poco::JSON::Object& object, const std::string& field,
                                      std::int64_t minimum) {
    if (!object.has(field) || object.isNull(field)) return std::nullopt;
    const Poco::Dynamic::Var value = object.get(field);
    if (!value.isInteger()) throw invalid("field \"" + field + "\" must be a whole number");
    const auto count = value.convert<Poco::Int64>();
    if (count < minimum) {
        throw invalid("field \"" + field + "\" must be at least " + std::to_string(minimum));
    }
    return count;
}

HeaderList readHeaders(const Poco::JSON::Object& object) {
    HeaderList headers;
    if (!object.has("headers") || object.isNull("headers")) return headers;
    const Poco::Dynamic::Var value = object.get("headers");
    if (!isObject(value)) {
        throw invalid("field \"headers\" must be an object of header names to string values");
    }
    const auto& fields = *value.extract<Poco::JSON::Object::Ptr>();
    for (const std::string& name : fields.getNames()) {
        const Poco::Dynamic::Var headerValue = fields.get(name);
        if (!headerValue.isString()) {
            throw invalid("header \"" + name + "\" in field \"headers\" must be a string");
        }
        headers.emplace_back(name, headerValue.extract<std::string>());
    }
    return headers;
}

// Joins repeated headers case-insensitively: a JSON object cannot hold a name twice.
HeaderList joinRepeated(const HeaderList& headers) {
    HeaderList joined;
    for (const auto& [name, value] : headers) {
        auto same = std::find_if(joined.begin(), joined.end(), [&name = name](const auto& seen) {
            return Poco::icompare(seen.first, name) == 0;
        });
        if (same == joined.end()) {
            joined.emplace_back(name, value);
        } else {
            same->second += ", " + value;
        }
    }
    return joined;
}

}  // namespace

OutboundRequest parseRequestJson(const std::string& json) {
    Poco::Dynamic::Var root;
    try {
        // Headers go out in the order the plugin wrote them.
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
        root = parser.parse(json);
    } catch (const Poco::Exception& e) {
        throw invalid("the request is not valid JSON: " + e.message());
    }
    if (!isObject(root)) throw invalid("the request must be a JSON object");
    const auto& object = *root.extract<Poco::JSON::Object::Ptr>();

    // connectTo, timeoutMs, maxResponseBytes and bodyEncoding since plugin ABI 1.2.
    static const std::array<std::string, 8> kFields{
        "method",    "url",       "headers",          "body",
        "connectTo", "timeoutMs", "maxResponseBytes", "bodyEncoding"};
    for (const auto& [name, value] : object) {
        if (std::find(kFields.begin(), kFields.end(), name) == kFields.end()) {
            throw invalid("unknown field \"" + name +
                          "\" (valid: method, url, headers, body, connectTo, timeoutMs, "
                          "maxResponseBytes, bodyEncoding)");
        }
    }
    OutboundRequest request;
    if (!object.has("url") || object.isNull("url")) throw invalid("field \"url\" is required");
    readString(object, "url", request.url);
    readString(object, "method", request.method);
    request.headers = readHeaders(object);
    readString(object, "body", request.body);
    if (object.has("connectTo") && !object.isNull("connectTo")) {
        readString(object, "connectTo", request.connectTo.emplace());
    }
    request.timeoutMs = readCount(object, "timeoutMs", 1);
    if (auto cap = readCount(object, "maxResponseBytes", 0)) {
        request.maxResponseBytes = static_cast<std::size_t>(*cap);
    }
    std::string encoding = "text";
    readString(object, "bodyEncoding", encoding);
    if (encoding != "text" && encoding != "base64") {
        throw invalid("field \"bodyEncoding\" must be \"text\" or \"base64\"");
    }
    request.base64Body = encoding == "base64";
    return request;
}

std::string responseJson(const OutboundResponse& response, bool base64Body) {
    Poco::JSON::Object::Ptr headers = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    for (const auto& [name, value] : joinRepeated(response.headers)) {
        headers->set(domain::replaceInvalidUtf8(name), domain::replaceInvalidUtf8(value));
    }
    Poco::JSON::Object result(Poco::JSON_PRESERVE_KEY_ORDER);
    result.set("status", response.status);
    result.set("headers", headers);
    if (base64Body) {
        std::ostringstream encoded;
        Poco::Base64Encoder encoder(encoded);
        encoder.rdbuf()->setLineLength(0);
        encoder << response.body;
        encoder.close();
        result.set("body", encoded.str());
        result.set("bodyEncoding", "base64");
    } else {
        result.set("body", domain::replaceInvalidUtf8(response.body));
    }
    result.set("truncated", response.truncated);
    result.set("latencyMs", static_cast<Poco::Int64>(response.latencyMs));
    result.set("remoteAddress", response.remoteAddress);
    std::ostringstream out;
    result.stringify(out);
    return out.str();
}

std::string PolicyGateway::request(const plugins::RunControl& control,
                                   const std::string& requestJson) const {
    const OutboundRequest request = parseRequestJson(requestJson);
    try {
        return responseJson(send(request, policy_, control.deadlineMs(),
                                 [&control] { return control.cancelled(); }),
                            request.base64Body);
    } catch (const OutboundError& e) {
        if (e.kind() == OutboundError::Kind::InvalidRequest) throw invalid(e.what());
        throw std::runtime_error(e.what());
    }
}

}  // namespace lodestone::outbound
