#include "domain/Time.hpp"

#include <Poco/DateTimeFormatter.h>
#include <Poco/Timestamp.h>

namespace lodestone::domain {

std::string isoUtc(Timestamp ms) {
    return Poco::DateTimeFormatter::format(Poco::Timestamp(ms * 1000), "%Y-%m-%dT%H:%M:%S.%iZ");
}

}  // namespace lodestone::domain
