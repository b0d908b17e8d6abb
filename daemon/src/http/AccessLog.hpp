#pragma once

#include <Poco/Net/SocketAddress.h>

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

namespace lodestone::http {

// What the access log says of one answered request.
struct AccessRecord {
    std::string method;
    std::string target;  // as sent; the path is logged without its query
    int status = 0;
};

// One line per request on logger lodestone.access (when logging.access is true): the
// method, the path with capability tokens (/u/{token}, /b/{token}) masked, status, answer bytes,
// duration and client address, as message parameters the log format lays out as fields.
void logAccess(const AccessRecord& record, const Poco::Net::SocketAddress& client,
               std::size_t bytes, std::chrono::steady_clock::duration took);

// The path of a request target as the access log shows it.
std::string loggedPath(std::string_view target);

}  // namespace lodestone::http
