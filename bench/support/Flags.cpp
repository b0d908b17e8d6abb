#include "bench/support/Flags.hpp"

#include <charconv>
#include <iostream>
#include <stdexcept>

namespace lodestone::bench {

bool Flags::next() {
    if (++index_ >= argc_) return false;
    name_ = argv_[index_];
    return true;
}

std::string Flags::value() {
    if (index_ + 1 >= argc_) throw std::invalid_argument(name_ + " needs a value");
    return argv_[++index_];
}

int Flags::integer(int minimum) {
    const std::string text = value();
    int number = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (error != std::errc() || end != text.data() + text.size() || number < minimum) {
        throw std::invalid_argument(name_ + " expects an integer >= " + std::to_string(minimum) +
                                    ", got \"" + text + "\"");
    }
    return number;
}

void Flags::unknown() const {
    throw std::invalid_argument("unknown option " + name_ + " (see --help)");
}

bool readCommonFlag(Flags& flags, CommonOptions& options) {
    if (flags.is("--sync")) {
        options.sync = flags.value();
        if (options.sync != "normal" && options.sync != "full") {
            throw std::invalid_argument("--sync expects normal or full");
        }
    } else if (flags.is("--keep")) {
        options.keep = true;
    } else if (flags.is("--json")) {
        options.json = true;
    } else if (flags.is("--pause")) {
        options.pauseSeconds = flags.integer(0);
    } else if (flags.is("--pid-file")) {
        options.pidFile = std::filesystem::absolute(flags.value());
    } else if (flags.is("--stall-timeout")) {
        options.stallSeconds = flags.integer();
    } else {
        return false;
    }
    return true;
}

int benchMain(const std::string& program, const std::function<int()>& body) {
    try {
        return body();
    } catch (const std::invalid_argument& e) {
        std::cerr << program << ": " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << program << ": " << e.what() << "\n";
        return 1;
    }
}

}  // namespace lodestone::bench
