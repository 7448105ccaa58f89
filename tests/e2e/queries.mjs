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
];
