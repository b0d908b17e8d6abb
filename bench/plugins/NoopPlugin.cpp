// A pipeline plugin that does no work, for the pipeline benchmark: built twice (research and
// content, by NOOP_KIND). It only turns the lead into the smallest output the next step accepts,
// so a benchmark run measures lodestoned (HTTP, SQLite, the job engine) rather than a plugin. No
// config, no I/O, no sleeps: unlike the scripted test plugin, which keeps attempt files.
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <lodestone/plugin.hpp>
#include <sstream>
#include <string>

namespace {

std::string field(const Poco::JSON::Object::Ptr& object, const std::string& key) {
    return object && object->has(key) ? object->getValue<std::string>(key) : "";
}

class NoopPlugin {
  public:
    static constexpr const char* name = "noop";
    static constexpr lodestone_plugin_kind kind = NOOP_KIND;
    static constexpr const char* version = "1.0.0";
    static constexpr const char* description =
        "Benchmark plugin: returns a minimal result at once, without I/O.";

    explicit NoopPlugin(lodestone::Host) {}

    void configure(const std::string&) {}

    std::string run(lodestone::RunContext&, const std::string& inputJson) const {
        auto parsed = Poco::JSON::Parser().parse(inputJson);
        if (parsed.type() != typeid(Poco::JSON::Object::Ptr)) {
            throw lodestone::InputError("expected a JSON object");
        }
        auto lead = parsed.extract<Poco::JSON::Object::Ptr>()->getObject("lead");
        const std::string person = field(lead, "fullName");
        const std::string company = field(lead, "company");

        Poco::JSON::Object out;
        if constexpr (kind == LODESTONE_PLUGIN_RESEARCH) {
            Poco::JSON::Object::Ptr who = new Poco::JSON::Object();
            who->set("fullName", person);
            Poco::JSON::Object::Ptr where = new Poco::JSON::Object();
            where->set("name", company);
            out.set("person", who);
            out.set("company", where);
        } else {
            out.set("title", "A guide for " + company);
            Poco::JSON::Object::Ptr section = new Poco::JSON::Object();
            section->set("heading", "About " + company);
            section->set("body", person + " works at " + company + ".");
            Poco::JSON::Array::Ptr sections = new Poco::JSON::Array();
            sections->add(section);
            out.set("sections", sections);
            Poco::JSON::Object::Ptr callToAction = new Poco::JSON::Object();
            callToAction->set("text", "Go");
            out.set("callToAction", callToAction);
        }
        std::ostringstream text;
        out.stringify(text);
        return text.str();
    }
};

}  // namespace

LODESTONE_PLUGIN(NoopPlugin);
