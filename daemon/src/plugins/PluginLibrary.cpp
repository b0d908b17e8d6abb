#include "plugins/PluginLibrary.hpp"

#include <Poco/Exception.h>

#include <algorithm>
#include <cstring>
#include <set>

#include "plugins/AbiNames.hpp"
#include "plugins/ConfigValues.hpp"
#include "plugins/HostApi.hpp"
#include "plugins/PluginError.hpp"

namespace lodestone::plugins {
namespace {

// More keys than this means the count is garbage, not a real table.
constexpr std::size_t kMaxConfigKeys = 256;

std::string text(const char* value) {
    return value != nullptr ? value : "";
}

std::optional<std::string> optionalText(const char* value) {
    return value != nullptr ? std::optional<std::string>(value) : std::nullopt;
}

// The distance between two keys of the table: what the plugin says from 1.3 on, a 1.0 key's
// size before; 0 when what it says cannot be a key.
std::size_t keySize(const lodestone_plugin_descriptor& descriptor) {
    constexpr std::size_t end =
        offsetof(lodestone_plugin_descriptor, config_key_size) + sizeof(descriptor.config_key_size);
    if (descriptor.struct_size < end) return kMinConfigKeySize;
    return descriptor.config_key_size >= kMinConfigKeySize ? descriptor.config_key_size : 0;
}

std::vector<ConfigKeyInfo> readKeys(const lodestone_plugin_descriptor& descriptor,
                                    const std::string& prefix, std::vector<std::string>& problems) {
    std::vector<ConfigKeyInfo> keys;
    if (descriptor.config_key_count == 0) return keys;
    if (descriptor.config_keys == nullptr) {
        problems.push_back(prefix + "declares " + std::to_string(descriptor.config_key_count) +
                           " config keys but no key table");
        return keys;
    }
    if (descriptor.config_key_count > kMaxConfigKeys) {
        problems.push_back(prefix + "declares " + std::to_string(descriptor.config_key_count) +
                           " config keys; at most " + std::to_string(kMaxConfigKeys) +
                           " are supported");
        return keys;
    }
    const std::size_t size = keySize(descriptor);
    if (size == 0) {
        problems.push_back(prefix + "its config_key_size, " +
                           std::to_string(descriptor.config_key_size) + ", is smaller than the " +
                           std::to_string(kMinConfigKeySize) + " bytes of an ABI 1.0 config key");
        return keys;
    }
    std::set<std::string> seen;
    for (std::size_t i = 0; i < descriptor.config_key_count; ++i) {
        // Only the prefix the plugin knows about is copied; later fields stay zero ("absent").
        lodestone_config_key raw{};
        std::memcpy(&raw, reinterpret_cast<const char*>(descriptor.config_keys) + i * size,
                    std::min(size, sizeof raw));
        if (raw.name == nullptr || raw.name[0] == '\0') {
            problems.push_back(prefix + "config key #" + std::to_string(i + 1) + " has no name");
            continue;
        }
        const std::string name = raw.name;
        const std::string quoted = "config key \"" + name + "\"";
        if (!seen.insert(name).second) {
            problems.push_back(prefix + quoted + " is declared twice");
            continue;
        }
        const int type = rawEnum(raw.type);
        if (!configTypeName(type)) {
            problems.push_back(prefix + quoted + " has unknown type " + std::to_string(type));
            continue;
        }
        ConfigKeyInfo key{name,
                          static_cast<lodestone_config_type>(type),
                          raw.required == 0 ? optionalText(raw.default_value) : std::nullopt,
                          raw.required != 0,
                          text(raw.description),
                          optionalText(raw.minimum),
                          optionalText(raw.maximum)};
        if (std::string problem = tableProblem(key); !problem.empty()) {
            problems.push_back(prefix + problem);
            continue;
        }
        keys.push_back(std::move(key));
    }
    return keys;
}

void checkDescriptor(const lodestone_plugin_descriptor& descriptor, const std::string& prefix,
                     std::vector<std::string>& problems) {
    if (descriptor.name == nullptr || descriptor.name[0] == '\0') {
        problems.push_back(prefix + "the descriptor has no name");
    }
    if (const int kind = rawEnum(descriptor.kind); !kindName(kind)) {
        problems.push_back(prefix + "unknown plugin kind " + std::to_string(kind) +
                           " (known: research, content, webhook, mailer)");
    }
    const std::pair<const char*, bool> callbacks[] = {
        {"create", descriptor.create != nullptr},
        {"configure", descriptor.configure != nullptr},
        {"run", descriptor.run != nullptr},
        {"destroy", descriptor.destroy != nullptr},
    };
    for (const auto& [callback, present] : callbacks) {
        if (!present)
            problems.push_back(prefix + "the descriptor has no " + callback + " callback");
    }
}

}  // namespace

const ConfigKeyInfo* PluginInfo::findKey(const std::string& key) const {
    auto it = std::find_if(configKeys.begin(), configKeys.end(),
                           [&](const ConfigKeyInfo& k) { return k.name == key; });
    return it == configKeys.end() ? nullptr : &*it;
}

std::shared_ptr<const PluginLibrary> PluginLibrary::open(const std::filesystem::path& file) {
    const std::string shown = file.string();
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) {
        throw LibraryError({"plugin library " + shown + " does not exist"});
    }
    std::shared_ptr<PluginLibrary> library(new PluginLibrary());
    try {
        library->library_.load(shown, Poco::SharedLibrary::SHLIB_LOCAL);
    } catch (const Poco::Exception& e) {
        throw LibraryError({"cannot load plugin library " + shown + ": " + e.message()});
    }
    if (!library->library_.hasSymbol(LODESTONE_PLUGIN_ENTRY_SYMBOL)) {
        throw LibraryError({"plugin library " + shown + " does not export the symbol " +
                            LODESTONE_PLUGIN_ENTRY_SYMBOL +
                            " (plugins define it with the LODESTONE_PLUGIN macro)"});
    }
    auto entry = reinterpret_cast<lodestone_plugin_entry_fn>(
        library->library_.getSymbol(LODESTONE_PLUGIN_ENTRY_SYMBOL));
    const lodestone_plugin_descriptor* raw =
        entry(&hostApi(), LODESTONE_ABI_MAJOR, LODESTONE_ABI_MINOR);
    if (raw == nullptr) {
        throw LibraryError({"plugin library " + shown + ": " + LODESTONE_PLUGIN_ENTRY_SYMBOL +
                            " returned no descriptor"});
    }
    if (raw->abi_major != LODESTONE_ABI_MAJOR) {
        throw LibraryError({"plugin library " + shown + " was built for plugin ABI " +
                            std::to_string(raw->abi_major) + ".x; this lodestoned speaks " +
                            std::to_string(LODESTONE_ABI_MAJOR) + ".x"});
    }
    if (raw->struct_size < kMinDescriptorSize) {
        throw LibraryError({"plugin library " + shown + ": its descriptor is " +
                            std::to_string(raw->struct_size) + " bytes, smaller than the " +
                            std::to_string(kMinDescriptorSize) +
                            " bytes of plugin ABI 1.0 (damaged or built against a wrong header)"});
    }
    // Only the prefix the plugin knows about is copied; later fields stay zero ("absent").
    std::memcpy(&library->descriptor_, raw,
                std::min<std::size_t>(raw->struct_size, sizeof(library->descriptor_)));

    const lodestone_plugin_descriptor& descriptor = library->descriptor_;
    const std::string prefix = "plugin library " + shown + ": ";
    std::vector<std::string> problems;
    checkDescriptor(descriptor, prefix, problems);
    auto keys = readKeys(descriptor, prefix, problems);
    if (!problems.empty()) throw LibraryError(std::move(problems));

    library->info_ = PluginInfo{file,
                                descriptor.abi_major,
                                descriptor.abi_minor,
                                descriptor.name,
                                descriptor.kind,
                                text(descriptor.version),
                                text(descriptor.description),
                                std::move(keys)};
    return library;
}

PluginLibrary::~PluginLibrary() {
    if (library_.isLoaded()) library_.unload();
}

}  // namespace lodestone::plugins
