#include "PageExtract.hpp"

#include <algorithm>

#include "Contacts.hpp"
#include "Text.hpp"
#include "Urls.hpp"

namespace lodestone::research_web {
namespace {

constexpr std::size_t kMaxHeadings = 40;
constexpr std::size_t kMaxLinks = 1000;
constexpr std::size_t kMaxScripts = 200;
constexpr std::size_t kMaxMeta = 100;
constexpr std::size_t kMaxOpenGraph = 20;
constexpr std::size_t kMaxStartTags = 3000;
constexpr std::size_t kStartTagBytes = 512;
constexpr std::size_t kMaxJsonLdBlocks = 16;
constexpr std::size_t kJsonLdBytes = 512 * 1024;
constexpr std::size_t kMaxPosts = 50;
constexpr std::size_t kMaxContacts = 10;
constexpr std::size_t kVisibleTextBytes = 256 * 1024;
constexpr std::size_t kSummaryChars = 600;
// How far a look inside one element (its text, its heading) may go.
constexpr std::size_t kInnerNodes = 2000;

// Every string read from gumbo goes through here. gumbo 0.10 writes a numeric character
// reference out of Unicode's range (&#xAAAAAAAA) as a raw byte, so its text and attribute values
// are not always UTF-8 even when the page was.
std::string fromGumbo(const char* text) {
    return text != nullptr ? validUtf8(text) : "";
}

std::string attribute(const GumboNode* node, const char* name) {
    const GumboAttribute* found = gumbo_get_attribute(&node->v.element.attributes, name);
    return found != nullptr ? fromGumbo(found->value) : "";
}

GumboTag tagOf(const GumboNode* node) {
    return node->type == GUMBO_NODE_ELEMENT ? node->v.element.tag : GUMBO_TAG_UNKNOWN;
}

// Lower-case element name, custom elements included ("hubspot-form").
std::string nameOf(const GumboNode* node) {
    const GumboElement& element = node->v.element;
    if (element.tag != GUMBO_TAG_UNKNOWN) return gumbo_normalized_tagname(element.tag);
    GumboStringPiece original = element.original_tag;
    gumbo_tag_from_original_text(&original);
    return lowerAscii(std::string_view(original.data != nullptr ? original.data : "",
                                       original.data != nullptr ? original.length : 0));
}

// Elements whose contents are not text a visitor reads.
bool hidesText(GumboTag tag) {
    switch (tag) {
        case GUMBO_TAG_SCRIPT:
        case GUMBO_TAG_STYLE:
        case GUMBO_TAG_TEMPLATE:
        case GUMBO_TAG_NOSCRIPT:
        case GUMBO_TAG_IFRAME:
        case GUMBO_TAG_TITLE:
        case GUMBO_TAG_SVG:
        case GUMBO_TAG_MATH:
        case GUMBO_TAG_OBJECT:
            return true;
        default:
            return false;
    }
}

bool isText(const GumboNode* node) {
    return node->type == GUMBO_NODE_TEXT || node->type == GUMBO_NODE_CDATA;
}

// Children of an element or of the document, in order.
const GumboVector* childrenOf(const GumboNode* node) {
    if (node->type == GUMBO_NODE_DOCUMENT) return &node->v.document.children;
    if (node->type == GUMBO_NODE_ELEMENT || node->type == GUMBO_NODE_TEMPLATE) {
        return &node->v.element.children;
    }
    return nullptr;
}

// Visits at most `maxNodes` nodes under `root` in document order, skipping what hides text;
// stops early when `visit` returns false.
template <typename Visit>
void walkInside(const GumboNode* root, std::size_t maxNodes, Visit&& visit) {
    std::vector<const GumboNode*> stack{root};
    std::size_t seen = 0;
    while (!stack.empty() && seen++ < maxNodes) {
        const GumboNode* node = stack.back();
        stack.pop_back();
        if (node != root && !visit(node)) return;
        if (node != root && hidesText(tagOf(node))) continue;
        if (const GumboVector* children = childrenOf(node)) {
            for (unsigned i = children->length; i > 0; --i) {
                stack.push_back(static_cast<const GumboNode*>(children->data[i - 1]));
            }
        }
    }
}

std::string textUnder(const GumboNode* root, std::size_t maxChars) {
    std::string text;
    walkInside(root, kInnerNodes, [&](const GumboNode* node) {
        if (isText(node)) text.append(fromGumbo(node->v.text.text)).append(" ");
        return text.size() < maxChars * 4;
    });
    return cut(collapseWhitespace(text), maxChars);
}

const GumboNode* firstInside(const GumboNode* root, bool (*wanted)(const GumboNode*)) {
    const GumboNode* found = nullptr;
    walkInside(root, kInnerNodes, [&](const GumboNode* node) {
        if (wanted(node)) found = node;
        return found == nullptr;
    });
    return found;
}

bool isHeading(const GumboNode* node) {
    const GumboTag tag = tagOf(node);
    return tag == GUMBO_TAG_H1 || tag == GUMBO_TAG_H2 || tag == GUMBO_TAG_H3 || tag == GUMBO_TAG_H4;
}

bool isTime(const GumboNode* node) {
    return tagOf(node) == GUMBO_TAG_TIME;
}

// `<name a="v" ...>` as the parser read it, for fingerprints written against markup.
std::string startTag(const GumboNode* node) {
    std::string tag = "<" + nameOf(node);
    const GumboVector& attributes = node->v.element.attributes;
    for (unsigned i = 0; i < attributes.length && tag.size() < kStartTagBytes; ++i) {
        const auto* attribute = static_cast<const GumboAttribute*>(attributes.data[i]);
        tag +=
            " " + fromGumbo(attribute->name) + "=\"" + cut(fromGumbo(attribute->value), 200) + "\"";
    }
    return tag.substr(0, kStartTagBytes) + ">";
}

class Walker {
  public:
    explicit Walker(const std::string& pageUrl) : base_(pageUrl) {}

    PageFacts run(const GumboNode* document) {
        std::vector<std::pair<const GumboNode*, std::size_t>> stack{{document, 0}};
        std::size_t elements = 0;
        while (!stack.empty()) {
            const auto [node, depth] = stack.back();
            stack.pop_back();
            if (isText(node)) {
                if (visibleText_.size() < kVisibleTextBytes) {
                    visibleText_.append(fromGumbo(node->v.text.text)).append(" ");
                }
                continue;
            }
            if (node->type == GUMBO_NODE_ELEMENT) {
                if (depth > kMaxNesting) {
                    facts_.tooDeep = true;
                    continue;
                }
                if (++elements > kMaxElements) {
                    facts_.tooLarge = true;
                    break;
                }
                element(node);
                if (hidesText(tagOf(node))) continue;
            }
            if (const GumboVector* children = childrenOf(node)) {
                for (unsigned i = children->length; i > 0; --i) {
                    stack.emplace_back(static_cast<const GumboNode*>(children->data[i - 1]),
                                       depth + 1);
                }
            }
        }
        for (auto& email : emailsIn(visibleText_, kMaxContacts)) addOnce(facts_.emails, email);
        for (auto& phone : phonesIn(visibleText_, kMaxContacts)) addOnce(facts_.phones, phone);
        facts_.summary = cut(collapseWhitespace(facts_.summary), kSummaryChars);
        return std::move(facts_);
    }

  private:
    void element(const GumboNode* node) {
        if (facts_.startTags.size() < kMaxStartTags) facts_.startTags.push_back(startTag(node));
        switch (tagOf(node)) {
            case GUMBO_TAG_BASE:
                if (!baseSet_) {
                    baseSet_ = true;
                    if (auto base = resolveUrl(base_, attribute(node, "href"))) base_ = *base;
                }
                break;
            case GUMBO_TAG_TITLE:
                if (facts_.title.empty()) facts_.title = textInside(node, 300);
                break;
            case GUMBO_TAG_META:
                meta(node);
                break;
            case GUMBO_TAG_SCRIPT:
                script(node);
                break;
            case GUMBO_TAG_A:
                anchor(node);
                break;
            case GUMBO_TAG_H1:
            case GUMBO_TAG_H2:
            case GUMBO_TAG_H3:
                if (facts_.headings.size() < kMaxHeadings) {
                    if (auto text = textUnder(node, 200); !text.empty()) {
                        facts_.headings.push_back(std::move(text));
                    }
                }
                break;
            case GUMBO_TAG_P:
                if (facts_.summary.size() < kSummaryChars * 2) {
                    // Short paragraphs are bylines and buttons, not what the page says.
                    if (auto text = textUnder(node, 400); text.size() >= 40) {
                        facts_.summary += text + " ";
                    }
                }
                break;
            case GUMBO_TAG_ARTICLE:
                post(node);
                break;
            default:
                break;
        }
    }

    // The text of an element whose contents gumbo keeps as one text child (title, script).
    static std::string textInside(const GumboNode* node, std::size_t maxChars) {
        const GumboVector& children = node->v.element.children;
        std::string text;
        for (unsigned i = 0; i < children.length; ++i) {
            const auto* child = static_cast<const GumboNode*>(children.data[i]);
            if (isText(child)) text += fromGumbo(child->v.text.text);
        }
        return cut(collapseWhitespace(text), maxChars);
    }

    void meta(const GumboNode* node) {
        std::string name = attribute(node, "property");
        if (name.empty()) name = attribute(node, "name");
        if (name.empty()) name = attribute(node, "http-equiv");
        name = lowerAscii(trim(name));
        const std::string content = cut(collapseWhitespace(attribute(node, "content")), 1000);
        if (name.empty() || content.empty()) return;
        if (name == "description" && facts_.description.empty()) facts_.description = content;
        if (name.starts_with("og:") && facts_.openGraph.size() < kMaxOpenGraph) {
            facts_.openGraph.emplace_back(name, content);
        }
        if (facts_.metaTags.size() < kMaxMeta) facts_.metaTags.emplace_back(name, content);
    }

    void script(const GumboNode* node) {
        if (const std::string src = attribute(node, "src"); !src.empty()) {
            if (auto url = resolveUrl(base_, src);
                url && facts_.scriptSources.size() < kMaxScripts) {
                facts_.scriptSources.push_back(*url);
            }
            return;
        }
        if (!containsIgnoreCase(attribute(node, "type"), "ld+json")) return;
        if (facts_.jsonLd.size() >= kMaxJsonLdBlocks) return;
        const GumboVector& children = node->v.element.children;
        std::string block;
        for (unsigned i = 0; i < children.length && block.size() <= kJsonLdBytes; ++i) {
            const auto* child = static_cast<const GumboNode*>(children.data[i]);
            if (isText(child)) block += fromGumbo(child->v.text.text);
        }
        if (block.size() <= kJsonLdBytes) facts_.jsonLd.push_back(std::move(block));
    }

    void anchor(const GumboNode* node) {
        const std::string href = attribute(node, "href");
        if (href.empty()) return;
        if (auto email = emailFromMailto(href)) {
            addOnce(facts_.emails, *email);
        } else if (auto phone = phoneFromTel(href)) {
            addOnce(facts_.phones, *phone);
        } else if (facts_.links.size() < kMaxLinks) {
            if (auto url = resolveUrl(base_, href)) {
                facts_.links.push_back({*url, textUnder(node, 200)});
            }
        }
    }

    void post(const GumboNode* node) {
        if (facts_.posts.size() >= kMaxPosts) return;
        const GumboNode* heading = firstInside(node, isHeading);
        if (heading == nullptr) return;
        Post post{textUnder(heading, 200), ""};
        if (const GumboNode* time = firstInside(node, isTime)) {
            post.date = cut(collapseWhitespace(attribute(time, "datetime")), 40);
            if (post.date.empty()) post.date = textUnder(time, 40);
        }
        if (!post.title.empty()) facts_.posts.push_back(std::move(post));
    }

    void addOnce(std::vector<std::string>& list, const std::string& value) {
        if (list.size() < kMaxContacts &&
            std::find(list.begin(), list.end(), value) == list.end()) {
            list.push_back(value);
        }
    }

    std::string base_;
    bool baseSet_ = false;
    std::string visibleText_;
    PageFacts facts_;
};

}  // namespace

PageFacts extractPage(const HtmlTree& tree, const std::string& pageUrl) {
    if (tree.document() == nullptr) return {};
    return Walker(pageUrl).run(tree.document());
}

}  // namespace lodestone::research_web
