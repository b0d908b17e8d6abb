#pragma once

#include <stdexcept>

namespace lodestone::outreach {

// Bad ICP criteria. The message starts with the path inside the ICP document, e.g.
// "criteria.employees.min: expected a non-negative number, got \"many\"", so an operator can find
// the line to fix.
class IcpError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

}  // namespace lodestone::outreach
