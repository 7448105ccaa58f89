// The search queries the e2e checks and the Pagefind comparison share: [language, query, the page
// (folder under the language) expected among the first three results].
export const QUERIES = [
  ['ja', '逆量子化', 'components/ggml-hip/'],
  ['ja', '量子化', 'components/ggml-hip/'],
  ['ja', 'アセンブル', 'components/ggml-hip/'],
  ['ja', '直接観測', 'gpu/gfx900/'],
  ['ja', 'ライブラリ', 'components/'],
  ['ja', 'ポスター', 'vega-study/'],
  ['ja', 'gfx900', 'gpu/gfx900/'],
  ['ja', 'ｇｆｘ１２０１', 'gpu/gfx1201/'],
  ['en', 'mul_mat_vec_q', 'components/ggml-hip/'],
  ['en', 'mat_vec', 'components/ggml-hip/'],
  ['en', 'gfx1201', 'gpu/gfx1201/'],
  ['en', 'rocblas_create', 'components/rocblas/'],
  ['en', 'hip_fatbin', 'components/ggml-hip/'],
  ['en', 'observers', 'gpu/gfx1201/'],
  ['en', 'Vega', 'vega-study/'],
  // Japanese words, whole.
  ['ja', 'エコシステム', 'vega-study/'],
  ['ja', 'プロセスマップ', 'gpu/gfx1201/deck/'],
  ['ja', 'プロンプト', 'gpu/gfx1201/'],
  ['ja', 'アーキテクチャ', 'components/rocblas/'],
  // Substrings of katakana compounds.
  ['ja', 'ケーション', 'components/rocblas/'],
  ['ja', 'テクチャ', 'components/rocblas/'],
  ['ja', 'ロセスマ', 'gpu/gfx1201/deck/'],
  ['ja', 'マップ', 'gpu/gfx1201/deck/'],
  // Kanji compounds an analyser may split otherwise, and their parts.
  ['ja', '推論経路', 'gpu/gfx1201/'],
  ['ja', '数値計算', 'components/rocblas/'],
  ['ja', '代理指標', 'gpu/poster/'],
  ['ja', '未確定事項', 'gpu/gfx942/'],
  ['ja', '確定事項', 'gpu/gfx942/'],
  ['ja', '解説音声', 'vega-study/'],
  ['ja', '一次資料', 'vega-study/'],
  // Code in Japanese pages.
  ['ja', 'rocblas_initialize', 'components/rocblas/'],
  ['ja', 'Q4_K_M', 'gpu/gfx1201/'],
  // Code identifiers, whole and by their parts.
  ['en', 'GGML_OP_MUL_MAT', 'components/ggml-hip/'],
  ['en', 'flash_attn_ext_f16', 'components/ggml-hip/'],
  ['en', 'flash_attn', 'components/ggml-hip/'],
  ['en', 'ggml_backend_load_all_from_path', 'components/ggml-hip/'],
  ['en', 'load_all', 'components/ggml-hip/'],
  ['en', 'LLAMA_SPLIT_MODE_LAYER', 'gpu/gfx1201/'],
  ['en', 'SPLIT_MODE', 'gpu/gfx1201/'],
  ['en', 'atomics_allowed', 'components/rocblas/'],
  ['en', 'TENSILE_LIBPATH', 'components/rocblas/'],
  ['en', 'ggml_cuda_mul_mat', 'gpu/gfx1201/'],
  ['en', 'cuda_mul', 'gpu/gfx1201/'],
  ['en', 'wavefront_size', 'components/ggml-hip/'],
  ['en', 'v_mfma', 'components/ggml-hip/'],
  // English terms.
  ['en', 'ecosystem', 'vega-study/'],
  ['en', 'wave32', 'components/ggml-hip/'],
  ['en', 'process map', 'gpu/gfx1201/deck/'],
  ['en', 'Tensile', 'components/rocblas/'],
];

// A second set, of what readers type that the site writes otherwise: glossary words and the
// glossary itself, loanwords in katakana for terms the site writes in Latin letters (the
// glossary's `readings`), English inflections (stemmed), a Japanese phrase, and a katakana word
// no page holds, whose bigrams are all in one claim but never side by side: [language, query,
// the page (and anchor) expected among the first three results, or null for no result at all].
export const SECOND_QUERIES = [
  ['ja', '用語集', 'glossary/'],
  ['ja', 'プロファイラ', 'glossary/#term-observer'],
  ['en', 'MMVQ', 'glossary/#term-mmvq'],
  ['ja', 'カーネル', 'glossary/#term-kernel'],
  ['ja', 'フォールバック', 'gpu/gfx900/'],
  ['ja', 'ディスパッチ', 'glossary/#term-dispatch'],
  ['en', 'quantization', 'components/ggml-hip/'],
  ['en', 'quantized', 'glossary/#term-mmq'],
  ['en', 'dispatched', 'components/rocblas/'],
  ['en', 'profiler', 'glossary/#term-observer'],
  ['ja', '本命の経路', 'gpu/gfx1201/'],
  ['ja', 'コレクション', null],
];
