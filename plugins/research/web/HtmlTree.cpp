#include "HtmlTree.hpp"

#include <csetjmp>
#include <cstdlib>
#include <new>
#include <utility>

namespace lodestone::research_web {

// Every block gumbo holds, in a list, so that all of them can be freed without gumbo's help.
class ParseArena {
  public:
    explicit ParseArena(ParseLimits limits) : limits_(std::move(limits)) {}
    ParseArena(const ParseArena&) = delete;
    ParseArena& operator=(const ParseArena&) = delete;
    ~ParseArena() {
        while (head_ != nullptr) {
            Block* next = head_->next;
            std::free(head_);
            head_ = next;
        }
    }

    // Returns nullptr (with reason_ set) when the parse must stop instead.
    void* allocate(std::size_t size) {
        if (!withinLimits(size)) return nullptr;
        auto* block = static_cast<Block*>(std::malloc(sizeof(Block) + size));
        if (block == nullptr) {
            reason_ = "ran out of memory";
            return nullptr;
        }
        block->size = size;
        block->previous = nullptr;
        block->next = head_;
        if (head_ != nullptr) head_->previous = block;
        head_ = block;
        live_ += size;
        return block + 1;
    }

    void release(void* pointer) noexcept {
        if (pointer == nullptr) return;
        Block* block = static_cast<Block*>(pointer) - 1;
        if (block->previous != nullptr) block->previous->next = block->next;
        if (block->next != nullptr) block->next->previous = block->previous;
        if (head_ == block) head_ = block->next;
        live_ -= block->size;
        std::free(block);
    }

    const std::string& reason() const noexcept { return reason_; }

    std::jmp_buf escape;

  private:
    // Aligned like malloc's own blocks, so what follows it is aligned for anything.
    struct alignas(alignof(std::max_align_t)) Block {
        Block* previous;
        Block* next;
        std::size_t size;
    };

    bool withinLimits(std::size_t size) {
        if (size > limits_.maxBytes || live_ > limits_.maxBytes - size) {
            reason_ = "needed more than " + std::to_string(limits_.maxBytes / (1024 * 1024)) +
                      " MiB to parse";
            return false;
        }
        // The clock and the flag every 256 allocations: gumbo allocates for every element and
        // attribute, so a page that keeps it busy keeps calling here.
        if (++calls_ % 256 != 0) return true;
        if (cancelled()) {
            reason_ = "cancelled while parsing";
            return false;
        }
        if (std::chrono::steady_clock::now() >= limits_.deadline) {
            reason_ = "took longer to parse than the time left";
            return false;
        }
        return true;
    }

    // Nothing may be thrown across gumbo's C frames: a throwing flag counts as cancelled.
    bool cancelled() const noexcept {
        try {
            return limits_.cancelled && limits_.cancelled();
        } catch (...) {
            return true;
        }
    }

    const ParseLimits limits_;
    Block* head_ = nullptr;
    std::size_t live_ = 0;
    std::size_t calls_ = 0;
    std::string reason_;
};

namespace {

// gumbo's allocator callbacks. Nothing with a destructor is alive here when longjmp leaves:
// only gumbo's C frames lie between this and the setjmp in parseOrEscape.
void* allocateFor(void* userdata, std::size_t size) {
    auto* arena = static_cast<ParseArena*>(userdata);
    void* block = arena->allocate(size);
    if (block == nullptr) std::longjmp(arena->escape, 1);
    return block;
}

void releaseFor(void* userdata, void* pointer) {
    static_cast<ParseArena*>(userdata)->release(pointer);
}

// Kept free of C++ objects: setjmp's frame must hold nothing a longjmp would skip destroying.
GumboOutput* parseOrEscape(ParseArena& arena, const GumboOptions& options, const char* data,
                           std::size_t size) {
    if (setjmp(arena.escape) != 0) return nullptr;
    return gumbo_parse_with_options(&options, data, size);
}

}  // namespace

HtmlTree HtmlTree::parse(std::string_view html, const ParseLimits& limits) {
    auto arena = std::make_unique<ParseArena>(limits);
    GumboOptions options = kGumboDefaultOptions;
    options.allocator = &allocateFor;
    options.deallocator = &releaseFor;
    options.userdata = arena.get();
    // Parse errors are not wanted, and gumbo copies the open elements into each one it keeps:
    // a deeply nested page would fill memory with them.
    options.max_errors = 0;
    GumboOutput* output = parseOrEscape(*arena, options, html.data(), html.size());
    if (output == nullptr) throw ParseAborted(arena->reason());
    return HtmlTree(std::move(arena), output);
}

HtmlTree::HtmlTree(std::unique_ptr<ParseArena> arena, GumboOutput* output)
    : arena_(std::move(arena)), output_(output) {}

HtmlTree::HtmlTree(HtmlTree&&) noexcept = default;
HtmlTree& HtmlTree::operator=(HtmlTree&&) noexcept = default;

// The arena frees every block; gumbo_destroy_output would recurse once per nesting level.
HtmlTree::~HtmlTree() = default;

const GumboNode* HtmlTree::document() const noexcept {
    return output_ != nullptr ? output_->document : nullptr;
}

}  // namespace lodestone::research_web
