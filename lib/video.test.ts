import { youtubeLinks, youtubeVideoId } from './video';

describe('youtubeVideoId', () => {
  it('reads the id from every usual YouTube address', () => {
    expect(youtubeVideoId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://youtu.be/dQw4w9WgXcQ?si=abc')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId(' https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ ')).toBe('dQw4w9WgXcQ');
  });

  it('refuses other sites, other schemes and malformed ids', () => {
    expect(youtubeVideoId('https://evil.example/embed/dQw4w9WgXcQ')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ')).toBeNull();
    expect(youtubeVideoId('javascript:alert(1)')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com/embed/short')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com/embed/"><script>')).toBeNull();
    expect(youtubeVideoId('not a url')).toBeNull();
  });

  it('always embeds through the privacy-enhanced host', () => {
    expect(youtubeLinks('https://www.youtube.com/watch?v=dQw4w9WgXcQ')?.embed).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(youtubeLinks('https://vimeo.com/123')).toBeNull();
  });

  it('links to the video\'s own YouTube page, and to nothing else', () => {
    expect(youtubeLinks('https://youtu.be/dQw4w9WgXcQ?si=abc')?.watch).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(youtubeLinks('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')?.watch).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(youtubeLinks('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
  });
});
