#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace lodestone::test {

// A provider's webhook body as tests/unit/outreach/calendar/fixtures keeps it.
inline std::string calendarFixture(const std::string& name) {
    std::ifstream in(std::string(CALENDAR_FIXTURES_DIR) + "/" + name);
    if (!in) throw std::runtime_error("no calendar fixture " + name);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The booking token the fixtures carry, for tests to swap for a prospect's own.
inline constexpr const char* kFixtureToken = "FIXTURETOKEN0000000000000000001";

}  // namespace lodestone::test
