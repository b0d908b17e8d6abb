#pragma once

#include <string>

namespace lodestone::http {

// The bytes of an answer the front gives itself: `status`, a JSON body {"error": message}
// (valid UTF-8 whatever the message holds) and Connection: close unless `keepAlive`.
std::string errorAnswer(int status, const std::string& message, bool keepAlive = false);

}  // namespace lodestone::http
