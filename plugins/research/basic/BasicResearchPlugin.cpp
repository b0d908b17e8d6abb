// research/basic: turns what the lead and the client sent into research facts, offline and
// deterministically: company domain and name, industry and size band (given or inferred, with
// the words they rest on), seniority and department, and findings from the client's notes, bio,
// extra context and company data. No network, no clock, no randomness: the same input always
// gives the same bytes.
#include <Poco/Exception.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <lodestone/plugin.hpp>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "leadfacts/Domains.hpp"
#include "leadfacts/LeadResearch.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::research_basic {
namespace {

Poco::JSON::Object::Ptr parseObject(const std::string& text, const char* what, bool inputProblem) {
    const auto fail = [&](const std::string& message) -> Poco::JSON::Object::Ptr {
        if (inputProblem) throw InputError(message);
        throw ConfigError(message);
    };
    try {
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));  // keep key order
        auto value = parser.parse(text);
        if (value.type() == typeid(Poco::JSON::Object::Ptr)) {
            return value.extract<Poco::JSON::Object::Ptr>();
        }
    } catch (const Poco::Exception& e) {
        return fail(std::string(what) + " is not JSON: " + e.displayText());
    }
    return fail(std::string(what) + " is not a JSON object");
}

class BasicResearchPlugin {
  public:
    static constexpr const char* name = "basic";
    static constexpr lodestone_plugin_kind kind = LODESTONE_PLUGIN_RESEARCH;
    static constexpr const char* version = "1.0.0";
    static constexpr const char* description =
        "Offline research from what the lead and the client sent: company domain and name, "
        "industry and size band (inferred when not given), seniority and department, and "
        "findings from notes, bio and company data. No network; deterministic.";
    static constexpr lodestone_config_key configKeys[] = {
        lodestone::optionalKey("free_mail_domains", LODESTONE_CONFIG_STRING_LIST, "[]",
                               "More free-mail domains whose addresses name no company, added "
                               "to the built-in list (example-mail.com; provider.* for every "
                               "country suffix)."),
    };

    explicit BasicResearchPlugin(lodestone::Host host) : host_(host) {}

    void configure(const std::string& configJson) {
        auto config = parseObject(configJson, "the config", false);
        // Read at each configure(): a reload configures a new instance, which reads the edited
        // file, while runs of this one keep the words they started with.
        try {
            vocabulary_ = std::make_shared<const LeadVocabulary>(
                vocabulary::vocabularyAt(host_.vocabularyPath()));
        } catch (const std::runtime_error& e) {
            throw ConfigError(e.what());
        }
        std::vector<std::string> extra;
        if (auto list = config->getArray("free_mail_domains")) {
            for (std::size_t i = 0; i < list->size(); ++i) {
                extra.push_back(list->getElement<std::string>(static_cast<unsigned>(i)));
            }
        }
        try {
            freeMail_ = FreeMailDomains(extra);
        } catch (const std::invalid_argument& e) {
            throw ConfigError(std::string("free_mail_domains: ") + e.what());
        }
        host_.debug("configured with " + std::to_string(extra.size()) +
                    " extra free-mail domain(s)");
    }

    std::string run(lodestone::RunContext& context, const std::string& inputJson) const {
        context.progress(10, "reading the lead");
        const auto input = parseObject(inputJson, "the input", true);
        std::ostringstream result;
        const auto output = researchLead(input, freeMail_, *vocabulary_,
                                         [&context](int percent, const std::string& next) {
                                             context.throwIfCancelled();
                                             context.progress(percent, next);
                                         });
        context.throwIfCancelled();
        output->stringify(result);
        context.progress(100, "done");
        return result.str();
    }

  private:
    lodestone::Host host_;
    FreeMailDomains freeMail_;
    std::shared_ptr<const LeadVocabulary> vocabulary_;  // set by configure(), before any run()
};

}  // namespace
}  // namespace lodestone::research_basic

LODESTONE_PLUGIN(lodestone::research_basic::BasicResearchPlugin);
