#pragma once

#include <Poco/String.h>

#include <string>
#include <vector>

namespace lodestone::domain {

// `items` with `separator` between them: the lists messages name ("missing email, company") and
// the comma-separated columns storage keeps. (Poco::cat: an empty first item adds no separator.)
inline std::string joined(const std::vector<std::string>& items,
                          const std::string& separator = ", ") {
    return Poco::cat(separator, items.begin(), items.end());
}

}  // namespace lodestone::domain
