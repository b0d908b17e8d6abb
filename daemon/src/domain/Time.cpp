#include "domain/Time.hpp"

#include <Poco/DateTimeFormatter.h>
#include <Poco/Timestamp.h>

#include "domain/Clock.hpp"

namespace lodestone::domain {

Timestamp SystemClock::now() const {
    using namespace std::chrono;
    // The one read of the system clock that the daemon's time comes from.
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::string isoUtc(Timestamp ms) {
    return Poco::DateTimeFormatter::format(Poco::Timestamp(ms * 1000), "%Y-%m-%dT%H:%M:%S.%iZ");
}

}  // namespace lodestone::domain
