#include "http/ErrorAnswer.hpp"

#include <Poco/JSON/Object.h>

#include <sstream>

#include "domain/Utf8Text.hpp"
#include "http/BufferedExchange.hpp"

namespace lodestone::http {

std::string errorAnswer(int status, const std::string& message, bool keepAlive) {
    Poco::JSON::Object body;
    body.set("error", message);
    std::ostringstream json;
    body.stringify(json);

    BufferedResponse response;
    response.setStatusAndReason(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(status));
    response.setContentType("application/json; charset=utf-8");
    response.setKeepAlive(keepAlive);
    if (status == 503) response.set("Retry-After", "1");
    // Messages quote what the client sent (a header name, a transfer coding), which may hold bytes
    // that are not UTF-8; the answer must stay valid JSON text all the same.
    response.send() << domain::escapeInvalidUtf8InJson(json.str());
    return response.serialize(false);
}

}  // namespace lodestone::http
