#include "plugins/PluginInstance.hpp"

#include <Poco/Exception.h>
#include <Poco/JSON/Parser.h>

#include <cstring>
#include <stdexcept>

#include "plugins/AbiNames.hpp"
#include "plugins/PluginError.hpp"

namespace lodestone::plugins {
namespace {

// Plenty for a message a human reads; the wrapper truncates longer ones on a character boundary.
constexpr std::size_t kErrorCapacity = 4096;

struct ErrorBuffer {
    char text[kErrorCapacity] = {};

    // A misbehaving plugin may fill the buffer without a terminator.
    std::string message() {
        text[kErrorCapacity - 1] = '\0';
        return text[0] != '\0' ? std::string(text) : "(the plugin gave no message)";
    }
};

// Takes the callback's result as an int: a status outside the enum is the plugin's bug, and
// must become an error rather than an enum value C++ may assume cannot exist.
lodestone_status checkedStatus(const std::string& plugin, int status) {
    if (statusName(status)) return static_cast<lodestone_status>(status);
    throw PluginError::hostDetected(plugin, LODESTONE_ERROR_FAILED,
                                    "returned unknown status " + std::to_string(status));
}

PluginError invalidJson(const std::string& plugin, const std::string& why) {
    return PluginError::hostDetected(plugin, LODESTONE_ERROR_FAILED,
                                     "returned invalid JSON: " + why);
}

void checkJsonObject(const std::string& plugin, const std::string& output) {
    if (output.find_first_not_of(" \t\r\n") == std::string::npos) {
        throw invalidJson(plugin, "the output is empty");
    }
    Poco::Dynamic::Var parsed;
    try {
        Poco::JSON::Parser parser;
        parsed = parser.parse(output);
    } catch (const Poco::Exception& e) {
        throw invalidJson(plugin, e.displayText() + " in \"" + output.substr(0, 40) + "\"");
    }
    if (parsed.type() != typeid(Poco::JSON::Object::Ptr)) {
        throw invalidJson(plugin, "expected an object, got \"" + output.substr(0, 40) + "\"");
    }
}

}  // namespace

PluginInstance::PluginInstance(std::shared_ptr<const PluginLibrary> library, std::string name,
                               std::string vocabularyPath)
    : library_(std::move(library)),
      handle_(std::make_unique<InstanceHandle>(name, std::move(vocabularyPath))) {
    ErrorBuffer error;
    instance_ =
        library_->descriptor().create(&hostApi(), handle_.get(), error.text, sizeof(error.text));
    if (instance_ == nullptr) {
        throw PluginError::hostDetected(name, LODESTONE_ERROR_FAILED,
                                        "could not create an instance: " + error.message());
    }
}

PluginInstance::~PluginInstance() {
    if (instance_ != nullptr) library_->descriptor().destroy(instance_);
}

void PluginInstance::configure(const std::string& configJson) {
    if (configured_) throw std::logic_error("plugin \"" + name() + "\" is already configured");
    ErrorBuffer error;
    const lodestone_status status =
        checkedStatus(name(), static_cast<int>(library_->descriptor().configure(
                                  instance_, configJson.c_str(), error.text, sizeof(error.text))));
    if (status != LODESTONE_OK) throw PluginError(name(), status, error.message());
    configured_ = true;
}

std::string PluginInstance::run(const RunControl& control, const std::string& inputJson) const {
    if (!configured_) throw std::logic_error("plugin \"" + name() + "\" was run unconfigured");
    lodestone_run_context context{&control, handle_.get()};
    OutputBuffer output(outputCap_);
    ErrorBuffer error;
    const lodestone_status status =
        checkedStatus(name(), static_cast<int>(library_->descriptor().run(
                                  instance_, &context, inputJson.c_str(), inputJson.size(),
                                  output.abi(), error.text, sizeof(error.text))));
    if (status != LODESTONE_OK) throw PluginError(name(), status, error.message());
    if (output.overflowed()) {
        throw PluginError::hostDetected(name(), LODESTONE_ERROR_FAILED,
                                        "produced more than " + std::to_string(outputCap_) +
                                            " bytes of output; the output was dropped");
    }
    std::string text = output.take();
    checkJsonObject(name(), text);
    return text;
}

}  // namespace lodestone::plugins
