#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace lodestone::research {

// What one research plugin instance of a waterfall gave for a lead: its output, or why there is
// none.
struct ResearchAttempt {
    std::string instance;               // its configured name
    std::optional<std::string> output;  // the JSON it returned, when it returned
    std::string error;                  // why it did not (a throw, an error status, a timeout)
    bool inputRejected = false;         // it refused the input: running it again cannot help
};

// No instance of a waterfall gave research: the step fails with what each said.
class ResearchFailed : public std::runtime_error {
  public:
    ResearchFailed(const std::string& message, bool retryable)
        : std::runtime_error(message), retryable_(retryable) {}
    // False only when every instance refused the input, which a retry would give them again.
    bool retryable() const noexcept { return retryable_; }

  private:
    bool retryable_;
};

// The outputs of a waterfall's instances, in the order they ran, merged into one output of
// research's contract (docs/plugins.md, "A waterfall of research plugins"): a later output fills
// what the earlier ones left unknown, and replaces a profile value only with one of strictly
// stronger evidence (client > research > inferred). An attempt that failed, or whose output is
// not research's JSON, becomes a warning naming its instance. Throws ResearchFailed when no
// attempt gave usable output.
std::string mergeResearch(const std::vector<ResearchAttempt>& attempts);

}  // namespace lodestone::research
