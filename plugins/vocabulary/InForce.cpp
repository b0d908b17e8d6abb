// The vocabulary in force. Runs read it while a reload may put another in force, so it is a
// shared pointer swapped under a lock: a run keeps the one it started with.
#include <mutex>

#include "embedded/builtInVocabularyText.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::vocabulary {
namespace {

std::mutex& lock() {
    static std::mutex mutex;
    return mutex;
}

std::shared_ptr<const Vocabulary>& current() {
    static std::shared_ptr<const Vocabulary> inForce;
    return inForce;
}

}  // namespace

std::shared_ptr<const Vocabulary> builtInVocabulary() {
    // Read once; the text is compiled in, so a mistake in it fails every test at once.
    static const auto builtIn = std::make_shared<const Vocabulary>(
        parseVocabulary(builtInVocabularyText("vocabulary.yaml"), "vocabulary.yaml (built in)"));
    return builtIn;
}

std::shared_ptr<const Vocabulary> vocabularyInForce() {
    {
        const std::lock_guard guard(lock());
        if (current()) return current();
    }
    return builtInVocabulary();
}

void putInForce(std::shared_ptr<const Vocabulary> vocabulary) {
    const std::lock_guard guard(lock());
    current() = std::move(vocabulary);
}

void putFileInForce(const std::string& path) {
    putInForce(path.empty() ? builtInVocabulary()
                            : std::make_shared<const Vocabulary>(loadVocabulary(path)));
}

}  // namespace lodestone::vocabulary
