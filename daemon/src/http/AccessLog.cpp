#include "http/AccessLog.hpp"

#include <Poco/Logger.h>
#include <Poco/Message.h>

#include <cstdio>

namespace lodestone::http {

std::string loggedPath(std::string_view target) {
    std::string_view path = target.substr(0, target.find_first_of("?#"));
    // An absolute-form target's scheme and host are not the path.
    if (path.starts_with("http://") || path.starts_with("https://")) {
        const auto slash = path.find('/', path.find("//") + 2);
        path = slash == std::string_view::npos ? std::string_view("/") : path.substr(slash);
    }
    // Unsubscribe, booking and set-password links are capabilities: whoever has one acts for
    // the prospect, or sets an operator's password.
    for (std::string_view prefix : {"/u/", "/b/", "/dashboard/set-password/"}) {
        if (path.starts_with(prefix) && path.size() > prefix.size()) {
            return std::string(prefix) + "{token}";
        }
    }
    return std::string(path);
}

void logAccess(const AccessRecord& record, const Poco::Net::SocketAddress& client,
               std::size_t bytes, std::chrono::steady_clock::duration took) {
    auto& log = Poco::Logger::get("lodestone.access");
    if (!log.information()) return;
    Poco::Message message(log.name(), "request", Poco::Message::PRIO_INFORMATION);
    message.set("method", record.method);
    message.set("path", loggedPath(record.target));
    message.set("status", std::to_string(record.status));
    message.set("bytes", std::to_string(bytes));
    char millis[32];
    std::snprintf(millis, sizeof millis, "%.1f",
                  std::chrono::duration<double, std::milli>(took).count());
    message.set("duration_ms", millis);
    message.set("client", client.host().toString());
    log.log(message);
}

}  // namespace lodestone::http
