#include "CommandLine.hpp"

#include <cctype>
#include <charconv>

namespace lodestone::ctl {

Arguments::Arguments(const std::vector<std::string>& args, const std::vector<FlagSpec>& specs) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (isShortOption(arg)) {
            const FlagSpec* spec = nullptr;
            for (const auto& candidate : specs) {
                if (candidate.shortName == arg[1]) spec = &candidate;
            }
            if (!spec) throw UsageError("unknown option " + arg);
            add(*spec, std::nullopt, args, i);
            continue;
        }
        if (!arg.starts_with("--") || arg == "--") {
            positionals_.push_back(arg);
            continue;
        }
        std::string name = arg.substr(2);
        std::optional<std::string> inlineValue;
        if (auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        const FlagSpec* spec = nullptr;
        for (const auto& candidate : specs) {
            if (candidate.name == name) spec = &candidate;
        }
        if (!spec) throw UsageError("unknown option --" + name);
        add(*spec, inlineValue, args, i);
    }
}

void Arguments::add(const FlagSpec& spec, std::optional<std::string> inlineValue,
                    const std::vector<std::string>& args, std::size_t& i) {
    const std::string& name = spec.name;
    if (!spec.repeatable && values_.contains(name)) {
        throw UsageError("--" + name + " given twice");
    }
    if (!spec.takesValue) {
        if (inlineValue) throw UsageError("--" + name + " takes no value");
        values_[name].push_back("true");
        return;
    }
    if (!inlineValue) {
        if (i + 1 >= args.size()) throw UsageError("--" + name + " needs a value");
        inlineValue = args[++i];
    }
    values_[name].push_back(*inlineValue);
}

bool isShortOption(const std::string& arg) {
    // "-c" or "-h"; not "-", "--x" nor "-5" (a negative number is a value, as in --add -5).
    return arg.size() == 2 && arg[0] == '-' && std::isalpha(static_cast<unsigned char>(arg[1]));
}

void Arguments::expectPositionals(std::size_t count, const std::string& what) const {
    if (positionals_.size() < count) throw UsageError("missing " + what);
    if (positionals_.size() > count) {
        throw UsageError("unexpected argument \"" + positionals_[count] + "\"");
    }
}

std::optional<std::string> Arguments::value(const std::string& name) const {
    auto it = values_.find(name);
    if (it == values_.end()) return std::nullopt;
    return it->second.back();
}

std::string Arguments::required(const std::string& name) const {
    auto found = value(name);
    if (!found) throw UsageError("--" + name + " is required");
    return *found;
}

std::vector<std::string> Arguments::values(const std::string& name) const {
    auto it = values_.find(name);
    return it == values_.end() ? std::vector<std::string>{} : it->second;
}

std::optional<std::int64_t> Arguments::integer(const std::string& name) const {
    auto text = value(name);
    if (!text) return std::nullopt;
    std::int64_t number = 0;
    auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), number);
    if (ec != std::errc() || end != text->data() + text->size()) {
        throw UsageError("--" + name + " expects a whole number, got \"" + *text + "\"");
    }
    return number;
}

}  // namespace lodestone::ctl
