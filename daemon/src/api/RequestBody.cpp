#include "api/RequestBody.hpp"

#include <Poco/JSON/Parser.h>
#include <Poco/Net/MediaType.h>
#include <Poco/String.h>

#include "api/ApiError.hpp"
#include "api/JsonResponse.hpp"
#include "leadmagnet/ProjectLeadFields.hpp"

namespace lodestone::api {
namespace {

constexpr std::size_t kChunk = 16 * 1024;

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
    // A Content-Type that is not JSON is refused even without a body; a missing one only once
    // there is a body it should have described.
    if (request.has("Content-Type")) requireJsonContentType(request);
    if (!hasBody(request)) throw ApiError(400, "Request body must be a JSON object");
    requireJsonContentType(request);
    if (!request.getChunkedTransferEncoding() && request.getContentLength64() < 0) {
        throw ApiError(400, "Content-Length must not be negative");
    }
    if (request.getContentLength64() > maxBytes) throw tooLarge(maxBytes);

    std::istream& in = request.stream();
    char buffer[kChunk];
    while (in) {
        in.read(buffer, sizeof(buffer));
        raw.append(buffer, static_cast<std::size_t>(in.gcount()));
        if (static_cast<std::int64_t>(raw.size()) > maxBytes) throw tooLarge(maxBytes);
    }

    Poco::Dynamic::Var parsed;
    try {
        // Keys in the order sent: what is stored as given reads back the same way.
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
        parser.setDepth(leadmagnet::kMaxJsonDepth);
        parsed = parser.parse(raw);
    } catch (const Poco::Exception& e) {
        throw ApiError(400, "Request body is not valid JSON: " + e.message());
    }
    if (parsed.type() != typeid(Poco::JSON::Object::Ptr)) {
        throw ApiError(400, "Request body must be a JSON object");
    }
    return parsed.extract<Poco::JSON::Object::Ptr>();
}

}  // namespace lodestone::api
