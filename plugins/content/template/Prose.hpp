// Small pieces of English prose the built-in writer builds sentences from: lists, possessives,
// numbers, and the clean-up that keeps a company's own article from doubling.
#pragma once

#include <string>
#include <vector>

#include "text/Text.hpp"

namespace lodestone::content_template {

// The plugins' one ASCII fold and one English list (plugins/text): "A", "A and B", "A, B and C".
using plugin_text::listed;
using plugin_text::lowerAscii;

std::string trimmed(const std::string& text);
// Every run of whitespace (line breaks included) as one space, trimmed.
std::string oneLine(const std::string& text);
// At most `limit` bytes, cut at a word boundary with "…" when cut; never splits a UTF-8 character.
std::string shortened(const std::string& text, std::size_t limit);
std::string capitalised(std::string text);
// "Pick the one" -> "pick the one"; a word in capitals ("SBAR") is left alone.
std::string uncapitalised(std::string text);

// The one possessive rule of the built-in writer: a name ending in "s" takes a bare apostrophe
// ("Analytical Engines'", "James'"), every other name "'s" ("Acme's").
std::string possessive(const std::string& name);

// "1,200"; "4.2" for fractions, with at most `decimals` digits after the point.
std::string grouped(double value, int decimals = 0);
// Money as the prospect wrote its currency: "$42,000", "€1.3M" (millions from 10,000,000 up).
std::string money(double value, const std::string& currency);

// "The The First Continental" -> "The First Continental", "the The Hive" -> "The Hive": a
// company whose name starts with its own article keeps that one.
std::string withoutDoubledArticles(const std::string& text);

// Wraps right-to-left text (Arabic, Hebrew) in Unicode isolates (U+2068 ... U+2069), so a name in
// that script does not reorder the English sentence around it. Other text is returned as is.
std::string isolatedIfRightToLeft(const std::string& text);

}  // namespace lodestone::content_template
