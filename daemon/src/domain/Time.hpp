#pragma once

#include <chrono>
#include <cstdint>

namespace lodestone::domain {

// Every stored timestamp is epoch milliseconds (DESIGN.md, Jobs).
using Timestamp = std::int64_t;

inline Timestamp nowMillis() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace lodestone::domain
