#pragma once

#include <stdexcept>
#include <string>

namespace lodestone::outreach {

// Bad ICP criteria. The message starts with the path inside the ICP document, e.g.
// "criteria.employees.min: expected a non-negative number, got \"many\"", so an operator can find
// the line to fix; path() and problem() apart, for a caller that knows the line of each path
// (config::locatedInMapping).
class IcpError : public std::runtime_error {
  public:
    IcpError(std::string path, std::string problem)
        : std::runtime_error((path.empty() ? std::string("ICP document") : path) + ": " + problem),
          path_(std::move(path)),
          problem_(std::move(problem)) {}
    const std::string& path() const { return path_; }
    const std::string& problem() const { return problem_; }

  private:
    std::string path_;
    std::string problem_;
};

}  // namespace lodestone::outreach
