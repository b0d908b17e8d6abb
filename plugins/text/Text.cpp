#include "text/Text.hpp"

#include <Poco/String.h>

namespace lodestone::plugin_text {

std::string listed(const std::vector<std::string>& items, std::string_view last) {
    std::string text;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) text += i + 1 == items.size() ? last : ", ";
        text += items[i];
    }
    return text;
}

std::string lowerAscii(std::string_view text) {
    // Poco folds with Poco::Ascii: A-Z only, whatever the process's locale.
    return Poco::toLower(std::string(text));
}

}  // namespace lodestone::plugin_text
