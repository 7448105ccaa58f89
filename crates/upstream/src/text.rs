//! Comparing cited text: whitespace runs count as one space, so re-indented or re-wrapped code
//! still matches its quote; where a quote or a block of lines sits in a file.

/// `text` with every run of whitespace as one space, trimmed.
pub fn normalise(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The lines of `text`, 1-based line `n` at index `n - 1`.
pub fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

/// Lines `first..=last` (1-based) of `lines` joined and normalised.
pub fn span(lines: &[&str], [first, last]: [u32; 2]) -> String {
    let (a, b) = (first.saturating_sub(1) as usize, (last as usize).min(lines.len()));
    normalise(&lines.get(a..b).unwrap_or_default().join("\n"))
}

/// The first range of lines whose text contains `quote` (normalised), as tight as it can be:
/// it ends at the first line where the quote is complete and starts at the last line it needs.
pub fn find_quote(lines: &[&str], quote: &str) -> Option<[u32; 2]> {
    let quote = normalise(quote);
    if quote.is_empty() {
        return None;
    }
    let words = quote.split(' ').count();
    let normalised: Vec<String> = lines.iter().map(|l| normalise(l)).collect();
    let window =
        |a: usize, b: usize| normalised[a..=b].iter().filter(|l| !l.is_empty()).cloned().collect::<Vec<_>>().join(" ");
    // A quote of `words` words spans at most that many non-empty lines (plus empty ones).
    let end = (0..normalised.len()).find(|&b| window(b.saturating_sub(words * 2), b).contains(&quote))?;
    let start = (0..=end).rev().find(|&a| window(a, end).contains(&quote))?;
    Some([start as u32 + 1, end as u32 + 1])
}

/// Where the block `block` (normalised lines) first occurs in `lines`.
pub fn find_block(lines: &[&str], block: &[String]) -> Option<[u32; 2]> {
    if block.is_empty() {
        return None;
    }
    let normalised: Vec<String> = lines.iter().map(|l| normalise(l)).collect();
    let start = normalised.windows(block.len()).position(|window| window == block)?;
    Some([start as u32 + 1, (start + block.len()) as u32])
}

/// Lines `first..=last` (1-based) of `lines`, each normalised.
pub fn block(lines: &[&str], [first, last]: [u32; 2]) -> Vec<String> {
    let (a, b) = (first.saturating_sub(1) as usize, (last as usize).min(lines.len()));
    lines.get(a..b).unwrap_or_default().iter().map(|l| normalise(l)).collect()
}

/// The line of `lines` most like the first line of `quote`, with its number.
pub fn nearest(lines: &[&str], quote: &str) -> Option<(u32, String)> {
    let first = quote.lines().map(normalise).find(|l| !l.is_empty())?;
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| (strsim::normalized_levenshtein(&normalise(line), &first), i))
        .filter(|(score, _)| *score > 0.5)
        .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)))
        .map(|(_, i)| (i as u32 + 1, lines[i].to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "int a;\n  rocblas_status s =\n      rocblas_create_handle(&h);\nreturn s;\n";

    #[test]
    fn quotes_are_found_across_lines_whatever_the_spacing() {
        let lines = lines(FILE);
        assert_eq!(find_quote(&lines, "rocblas_status s = rocblas_create_handle(&h);"), Some([2, 3]));
        assert_eq!(find_quote(&lines, "return   s;"), Some([4, 4]));
        assert_eq!(find_quote(&lines, "absent"), None);
        assert_eq!(span(&lines, [2, 3]), "rocblas_status s = rocblas_create_handle(&h);");
        assert_eq!(nearest(&lines, "return t;").map(|(n, _)| n), Some(4));
    }

    #[test]
    fn a_block_is_found_where_it_moved() {
        let block = vec!["rocblas_status s =".to_owned(), "rocblas_create_handle(&h);".to_owned()];
        assert_eq!(find_block(&lines(FILE), &block), Some([2, 3]));
        let moved = format!("// new\n{FILE}");
        assert_eq!(find_block(&lines(&moved), &block), Some([3, 4]));
        assert_eq!(find_block(&lines("x\n"), &block), None);
    }
}
