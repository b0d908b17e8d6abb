#pragma once

#include <Poco/JSON/Object.h>

#include <kainjow/mustache.hpp>
#include <memory>
#include <optional>
#include <string>

#include "outreach/sequence/Sequence.hpp"

namespace lodestone::outreach {

// The variables a step's templates may name, in the order an error message lists them. Names
// under the free-form objects (researchData.plan, customData.region.city, research.company.name)
// are known too: their keys are the client's and the research plugin's, not ours.
const std::vector<std::string>& knownTemplateVariables();

// One Mustache template of a step: checked (syntax, known variables, no partials or delimiter
// changes) and parsed once, then rendered any number of times from any thread.
class StepTemplate {
  public:
    enum class Escaping { None, Html };

    // Throws SequenceError(path, ...) when Sequence::parse must refuse `source`.
    StepTemplate(const std::string& source, Escaping escaping, const std::string& path);

    std::string render(const kainjow::mustache::data& variables) const;

  private:
    // Never changed after construction: render works on a copy, because kainjow's render is a
    // non-const member (it records errors in the template), and a copy of the parsed tree costs a
    // fraction of parsing and takes no lock.
    std::shared_ptr<const kainjow::mustache::mustache> parsed_;
};

struct CompiledStep {
    StepTemplate subject;
    StepTemplate text;
    std::optional<StepTemplate> html;
};

// Checks and parses the three templates of `step`, naming them under `path` ("steps[2]").
std::shared_ptr<const CompiledStep> compileStep(const SequenceStep& step, const std::string& path);

// `variables` as Mustache data: numbers as text, null and blank strings left out (so a section
// on them reads as absent), objects and arrays as Mustache objects and lists.
kainjow::mustache::data mustacheData(const Poco::JSON::Object& variables);

// A rendered subject on one line: control characters (CR, LF, tab, ...) and runs of spaces
// become one space, and the ends are trimmed.
std::string foldedSubject(const std::string& subject);

}  // namespace lodestone::outreach
