#include "api/RequestBody.hpp"

#include <Poco/Net/MediaType.h>
#include <Poco/String.h>

#include "api/ApiError.hpp"
#include "api/JsonResponse.hpp"
#include "domain/ClientJson.hpp"
#include "domain/Utf8Text.hpp"

namespace lodestone::api {
namespace {

constexpr std::size_t kChunk = 16 * 1024;
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

void requireJsonContentType(const Poco::Net::HTTPServerRequest& request) {
    if (!request.has("Content-Type")) {
        throw ApiError(415, "Content-Type must be application/json");
    }
    try {
        Poco::Net::MediaType type(request.getContentType());
        if (Poco::icompare(type.getType(), "application") == 0 &&
            Poco::icompare(type.getSubType(), "json") == 0) {
            return;
        }
    } catch (const Poco::Exception&) {
        // a malformed header is as unacceptable as a wrong one
    }
    throw ApiError(415, "Content-Type must be application/json");
}

ApiError tooLarge(std::int64_t maxBytes) {
    return ApiError(413, "Request body is larger than " + std::to_string(maxBytes) + " bytes");
}

}  // namespace

Poco::JSON::Object::Ptr readJsonBody(Poco::Net::HTTPServerRequest& request, std::int64_t maxBytes,
                                     std::string& raw) {
    raw = readJsonBodyBytes(request, maxBytes);
    return parseJsonBody(raw);
}

std::string readJsonBodyBytes(Poco::Net::HTTPServerRequest& request, std::int64_t maxBytes) {
    // A Content-Type that is not JSON is refused even without a body; a missing one only once
    // there is a body it should have described.
    if (request.has("Content-Type")) requireJsonContentType(request);
    if (!hasBody(request)) throw ApiError(400, "Request body must be a JSON object");
    requireJsonContentType(request);
    if (!request.getChunkedTransferEncoding() && request.getContentLength64() < 0) {
        throw ApiError(400, "Content-Length must not be negative");
    }
    if (request.getContentLength64() > maxBytes) throw tooLarge(maxBytes);

    std::string raw;
    std::istream& in = request.stream();
    char buffer[kChunk];
    while (in) {
        in.read(buffer, sizeof(buffer));
        raw.append(buffer, static_cast<std::size_t>(in.gcount()));
        if (static_cast<std::int64_t>(raw.size()) > maxBytes) throw tooLarge(maxBytes);
    }
    return raw;
}

Poco::JSON::Object::Ptr parseJsonBody(std::string_view raw) {
    // Some Windows tools write one; it says nothing a UTF-8 body does not already say.
    const std::size_t skipped = raw.starts_with(kByteOrderMark) ? kByteOrderMark.size() : 0;
    raw.remove_prefix(skipped);
    // Checked before parsing so the answer can say where, whether the byte is in a string or not.
    if (std::size_t bad = domain::firstInvalidUtf8(raw); bad != domain::kNoInvalidUtf8) {
        throw ApiError(400, "The request body is not valid UTF-8: the byte at offset " +
                                std::to_string(skipped + bad) + " is " +
                                domain::escapeInvalidUtf8(raw.substr(bad, 1)) +
                                "; send JSON as UTF-8");
    }
    Poco::Dynamic::Var parsed;
    try {
        parsed = domain::parseClientJson(std::string(raw), "the request body");
    } catch (const domain::ClientJsonError& e) {
        throw ApiError(400, e.what());
    }
    if (parsed.type() != typeid(Poco::JSON::Object::Ptr)) {
        throw ApiError(400, "Request body must be a JSON object");
    }
    return parsed.extract<Poco::JSON::Object::Ptr>();
}

}  // namespace lodestone::api
