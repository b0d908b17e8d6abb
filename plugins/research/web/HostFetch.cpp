#include "HostFetch.hpp"

#include <Poco/Base64Decoder.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <algorithm>
#include <sstream>

#include "Urls.hpp"

namespace lodestone::research_web {
namespace {

std::string base64Decoded(const std::string& text) {
    std::istringstream in(text);
    Poco::Base64Decoder decoder(in);
    std::string bytes;
    char buffer[8192];
    while (decoder.read(buffer, sizeof buffer) || decoder.gcount() > 0) {
        bytes.append(buffer, static_cast<std::size_t>(decoder.gcount()));
    }
    return bytes;
}

}  // namespace

HttpAnswer HostFetcher::get(const std::string& url, std::chrono::milliseconds timeout) {
    Poco::JSON::Object request(Poco::JSON_PRESERVE_KEY_ORDER);
    request.set("method", "GET");
    request.set("url", url);
    Poco::JSON::Object::Ptr headers = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    headers->set("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1");
    headers->set("Accept-Language", "en;q=1.0, *;q=0.5");
    if (!settings_.userAgent.empty()) headers->set("User-Agent", settings_.userAgent);
    request.set("headers", headers);
    if (auto mapped = settings_.resolve.find(hostOf(url)); mapped != settings_.resolve.end()) {
        request.set("connectTo", mapped->second);
    }
    request.set("timeoutMs", static_cast<Poco::Int64>(std::max<std::int64_t>(1, timeout.count())));
    request.set("maxResponseBytes", static_cast<Poco::UInt64>(settings_.limits.pageBytes));
    request.set("bodyEncoding", "base64");
    std::ostringstream json;
    request.stringify(json);

    std::string response;
    try {
        response = context_.httpRequest(json.str());
    } catch (const Cancelled&) {
        throw;
    } catch (const std::exception& e) {
        // A URL the host will not fetch (InputError) is as unreadable as a host that is down.
        throw FetchFailed(e.what());
    }
    try {
        const auto answer = Poco::JSON::Parser().parse(response).extract<Poco::JSON::Object::Ptr>();
        HttpAnswer result;
        result.status = answer->getValue<int>("status");
        if (auto received = answer->getObject("headers")) {
            for (const auto& [name, value] : *received) {
                result.headers.emplace_back(name, value.toString());
            }
        }
        result.body = base64Decoded(answer->optValue<std::string>("body", ""));
        result.truncated = answer->optValue<bool>("truncated", false);
        return result;
    } catch (const std::exception& e) {
        throw FetchFailed(std::string("the host's answer could not be read: ") + e.what());
    }
}

}  // namespace lodestone::research_web
