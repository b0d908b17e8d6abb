// The vocabulary compiled in, and the reading of the host's file, which falls back to it.
#include "embedded/builtInVocabularyText.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::vocabulary {

std::shared_ptr<const Vocabulary> builtInVocabulary() {
    // Read once; the text is compiled in, so a mistake in it fails every test at once. Immutable
    // once made: every reader shares it and none can change it.
    static const auto builtIn = std::make_shared<const Vocabulary>(
        parseVocabulary(builtInVocabularyText("vocabulary.yaml"), "vocabulary.yaml (built in)"));
    return builtIn;
}

std::shared_ptr<const Vocabulary> vocabularyAt(const std::string& path) {
    if (path.empty()) return builtInVocabulary();
    return std::make_shared<const Vocabulary>(loadVocabulary(path));
}

}  // namespace lodestone::vocabulary
