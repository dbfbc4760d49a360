#!/bin/sh
# Regenerates the demo lesson video in demo/: a 60 s, 480x270 clip (a running clock, a frame
# counter, a progress bar and a soft beep each second) as an MP4 (H.264 constrained baseline +
# AAC, moov atom first) and the same streams as a VOD HLS rendition in 6 s segments.
# Needs ffmpeg with libx264 and fonts-noto-cjk. The output is committed; run this only to change it.
set -eu
cd "$(dirname "$0")/demo"
font='Noto Sans CJK SC'
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i 'color=c=0x1d4ed8:s=480x270:r=24:d=60' \
  -f lavfi -i 'sine=frequency=330:beep_factor=2:sample_rate=44100:duration=60' \
  -f lavfi -i 'color=c=0xffd24d:s=480x8:r=24:d=60' \
  -filter_complex "[0:v][2:v]overlay=x='-w+w*t/60':y=262:eval=frame,\
drawtext=font='$font':text='静安学习网 · 示范课程':fontsize=26:fontcolor=white:x=(w-text_w)/2:y=36,\
drawtext=font='$font':text='%{eif\:floor(t/60)\:d\:2}\:%{eif\:mod(t\,60)\:d\:2}':fontsize=84:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2,\
drawtext=font='$font':text='第 %{eif\:n\:d} 帧':fontsize=18:fontcolor=0xdbe7ff:x=(w-text_w)/2:y=206[v];\
[1:a]volume=0.2[a]" \
  -map '[v]' -map '[a]' \
  -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset veryslow -crf 28 \
  -maxrate 90k -bufsize 180k -g 144 -keyint_min 144 -sc_threshold 0 \
  -c:a aac -b:a 32k -ac 1 -movflags +faststart -t 60 lesson.mp4
# A key frame every 6 s (-g 144 at 24 fps), so the HLS segments cut cleanly without re-encoding.
rm -f lesson.m3u8 lesson*.ts
ffmpeg -hide_banner -loglevel error -y -i lesson.mp4 -c copy -f hls -hls_time 6 \
  -hls_playlist_type vod -hls_segment_filename 'lesson%d.ts' lesson.m3u8
ls -l
